import { afterAll, beforeAll } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { DEMO, startTestGateway, testClient, type TestGateway } from "./gateway.ts";

/**
 * For a test file: a gateway started before its tests (stopped after them) and the demo member signed in on it
 * through the real client.
 */
export function demoMemberOnGateway() {
  const both = {} as { gw: TestGateway; member: ReturnType<typeof testClient> };
  beforeAll(async () => {
    both.gw = await startTestGateway();
    both.member = testClient(both.gw.url);
    both.member.state.token = (await both.member.send(accounts.loginByPassword, DEMO)).token;
  });
  afterAll(() => both.gw?.close());
  return both;
}
