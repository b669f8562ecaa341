import { describe, expect, it } from "vitest";
import { officeSees } from "./scope-rules";

describe("which office sees a branch's records", () => {
  const head = { path: "/h/", parentId: null };
  const area = { path: "/h/a/", parentId: "h" };
  const branch = { path: "/h/a/b/", parentId: "a" };
  it("the head office sees every branch and its own queue", () => {
    expect(officeSees(head, "/h/a/b/")).toBe(true);
    expect(officeSees(head, null)).toBe(true);
  });
  it("an area sees its branches, not another area's nor the queue; a branch sees itself only", () => {
    expect(officeSees(area, "/h/a/b/")).toBe(true);
    expect(officeSees(area, "/h/z/c/")).toBe(false);
    expect(officeSees(area, null)).toBe(false);
    expect(officeSees(branch, "/h/a/b/")).toBe(true);
    expect(officeSees(branch, "/h/a/c/")).toBe(false);
  });
});
