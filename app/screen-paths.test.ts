import { describe, expect, it } from "vitest";
import routes from "./routes.ts";
import { screenPaths, screenPattern } from "./screen-paths.ts";

describe("the service worker's screen paths", () => {
  const paths = screenPaths(routes);
  const pattern = screenPattern(paths);
  const shell = (address: string) => pattern.test(address);

  it("holds every screen of app/routes.ts, with or without a query or trailing slash", () => {
    const declared = routes.filter((r) => !r.path?.includes("*")).map((r) => (r.index ? "/" : `/${r.path}`));
    expect([...paths].sort()).toEqual([...declared].sort());
    expect(paths).toEqual(expect.arrayContaining(["/", "/home", "/my/recharge", "/my/recharge-records", "/my/purse", "/player", "/dating/detail"]));
    for (const p of paths) {
      expect(shell(p), p).toBe(true);
      expect(shell(`${p}?id=1&x=/sandbox/pay`), p).toBe(true);
    }
    expect(shell("/my/")).toBe(true);
  });

  it("leaves every other address to the network", () => {
    for (const address of [
      "/sandbox/pay",
      "/sandbox/pay?order_no=1&t=x",
      "/payments/x",
      "/payments/sandbox/notify",
      "/media/x",
      "/uploads/x",
      "/api/x",
      "/api/home/getConfig",
      "/version.json",
      "/imgUpload.php",
      "/homes",
      "/home/x",
      "/my/recharge/x",
      "/myx",
      "/index.html",
    ]) {
      expect(shell(address), address).toBe(false);
    }
  });

  it("joins nested routes and index routes, and matches a parameter segment", () => {
    const nested = screenPaths([
      { path: "a", file: "a.tsx", children: [{ index: true, file: "i.tsx" }, { path: "b/:id", file: "b.tsx" }] },
      { path: "*", file: "nf.tsx" },
    ]);
    expect(nested.sort()).toEqual(["/a", "/a/b/:id"]);
    expect(screenPattern(nested).test("/a/b/7?x=1")).toBe(true);
    expect(screenPattern(nested).test("/a/b/7/c")).toBe(false);
  });
});
