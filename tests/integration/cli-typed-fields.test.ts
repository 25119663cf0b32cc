import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import { DEMO, REPO_ROOT, startTestGateway, type TestGateway } from "../support/gateway.ts";

let gw: TestGateway;
let home: string;
beforeAll(async () => {
  gw = await startTestGateway();
  home = mkdtempSync(join(tmpdir(), "gw-cli-typed-"));
});
afterAll(async () => {
  await gw.close();
  rmSync(home, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(["--lines", gw.url, ...args], { env: { GW_HOME: home } });
// The profile's first call without a token says, once, that the gateway registered a guest account for it.
const besidesGuest = (stderr: string) => stderr.replace(/^registered a guest account for profile default [^\n]*\n/, "");

describe("gw call on a path of the catalogue", () => {
  it("sends digits as a string to a field the endpoint types as a string", async () => {
    const login = await cli(["call", "/api/Home/loginByPassword", `phone=${DEMO.phone}`, `password=${DEMO.password}`]);
    expect(besidesGuest(login.stderr)).toBe("");
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ token: expect.any(String) });

    // A password of digits alone, and the path written in another case.
    const phone = "13911112222";
    const register = await cli(["call", "/api/home/REGISTER", `phone=${phone}`, "password=12345678"]);
    expect(besidesGuest(register.stderr)).toBe("");
    expect(register.code).toBe(0);
    const again = await cli(["call", "/api/Home/loginByPassword", `phone=${phone}`, "password=12345678"]);
    expect(again.code).toBe(0);
  });

  it("sends a keyword of digits as the string it is", async () => {
    const list = await cli(["--json", "call", "/api/MvSearch/search", "kw=2024", "page=1", "limit=2"]);
    expect(besidesGuest(list.stderr)).toBe("");
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ page: 1, limit: 2 });
  });
});

describe("the CLI through npm", () => {
  const npm = (args: string[]) =>
    new Promise<{ code: number; stdout: string }>((done) =>
      execFile("npm", args, { cwd: REPO_ROOT, env: { ...process.env, GW_HOME: home, NO_COLOR: "1" } }, (error, stdout) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      ),
    );

  it("prints JSON alone with npm run -s, as the README says; without -s npm's banner comes first", async () => {
    const args = ["cli", "--", "--lines", gw.url, "--json", "call", "/api/MvDetail/reportType"];
    const silent = await npm(["run", "-s", ...args]);
    expect(silent.code).toBe(0);
    expect(JSON.parse(silent.stdout)[0]).toMatchObject({ id: 1 });
    const loud = await npm(["run", ...args]);
    expect(loud.stdout.trimStart().startsWith("> ")).toBe(true);
  });
});
