import { describe, expect, it } from "vitest";
import { makeZip } from "../../../tests/support/zip.ts";
import { openZip, unsafeEntryName } from "./zip.ts";

describe("openZip", () => {
  it("reads stored and deflated entries and folders", () => {
    const zip = openZip(makeZip([{ name: "ep1/", data: "" }, { name: "ep1/1.txt", data: "一".repeat(1000) }, { name: "ep1/2.txt", data: "stored", method: 0 }]), "a.cbz");
    expect(zip.entries.map((e) => [e.name, e.isDirectory])).toEqual([["ep1/", true], ["ep1/1.txt", false], ["ep1/2.txt", false]]);
    expect(zip.read(zip.entries[1]!).toString()).toBe("一".repeat(1000));
    expect(zip.read(zip.entries[2]!).toString()).toBe("stored");
  });

  it("refuses names that leave the folder, whatever entry holds them", () => {
    for (const name of ["../evil.png", "ep1/../../evil.png", "/etc/passwd", "C:/x.png", "ep1\\..\\x.png"]) {
      expect(() => openZip(makeZip([{ name: "1.png", data: "x" }, { name, data: "x" }]), "bad.cbz")).toThrow(/^bad\.cbz: entry .* (leaves its folder|absolute|drive letter|backslash)/);
    }
    expect(unsafeEntryName("ep1/..x/1.png")).toBeNull();
  });

  it("refuses encrypted entries, lying sizes and archives past the limits", () => {
    expect(() => openZip(makeZip([{ name: "1.png", data: "x", encrypted: true }]), "a.cbz")).toThrow(/encrypted/);
    const liar = openZip(makeZip([{ name: "bomb.txt", data: "0".repeat(100_000), declaredSize: 10 }]), "a.cbz");
    expect(() => liar.read(liar.entries[0]!)).toThrow(/does not inflate to its declared 10 bytes/);
    const limits = { maxTotalBytes: 1500, maxEntryBytes: 1000, maxEntries: 5 };
    expect(() => openZip(makeZip([{ name: "a", data: "0".repeat(1001) }]), "a.cbz", limits)).toThrow(/more than the .* allowed for one file/);
    expect(() => openZip(makeZip([{ name: "a", data: "0".repeat(800) }, { name: "b", data: "0".repeat(800) }]), "a.cbz", limits)).toThrow(/unpacks to more than/);
    expect(() => openZip(makeZip(Array.from({ length: 6 }, (_, i) => ({ name: `${i}`, data: "" }))), "a.cbz", limits)).toThrow(/6 entries/);
  });

  it("refuses what is not a ZIP, and a damaged entry", () => {
    expect(() => openZip(Buffer.from("just text"), "a.cbz")).toThrow(/a\.cbz: not a ZIP archive/);
    const zip = makeZip([{ name: "a.txt", data: "hello hello hello", method: 0 }]);
    zip[30 + 5 + 2]! ^= 0xff;
    const archive = openZip(zip, "a.cbz");
    expect(() => archive.read(archive.entries[0]!)).toThrow(/CRC/);
  });
});
