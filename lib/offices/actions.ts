"use server";
import { defineAction } from "@/lib/auth/action-client";
import { importUpazilaBranches, setUpazilaBranch } from "./routing";
import { closeOfficeSchema, createOfficeSchema, editOfficeSchema, importUpazilaBranchesSchema, pickBranchSchema, upazilaBranchSchema } from "./schemas";
import { closeOffice, createOffice, editOffice, pickBranch } from "./service";

export const createOfficeAction = defineAction({
  name: "offices.create",
  permission: "settings.offices",
  input: createOfficeSchema,
  handler: (input, ctx) => createOffice(ctx, input),
});

export const editOfficeAction = defineAction({
  name: "offices.edit",
  permission: "settings.offices",
  input: editOfficeSchema,
  handler: (input, ctx) => editOffice(ctx, input),
});

export const closeOfficeAction = defineAction({
  name: "offices.close",
  permission: "settings.offices",
  input: closeOfficeSchema,
  handler: (input, ctx) => closeOffice(ctx, input),
});

export const setUpazilaBranchAction = defineAction({
  name: "offices.upazila.route",
  permission: "settings.offices",
  input: upazilaBranchSchema,
  handler: (input, ctx) => setUpazilaBranch(ctx, input),
});

export const importUpazilaBranchesAction = defineAction({
  name: "offices.upazila.import",
  permission: "settings.offices",
  input: importUpazilaBranchesSchema,
  handler: (input, ctx) => importUpazilaBranches(ctx, input),
});

/** Every member of the back office may narrow her view to one branch of her subtree (or go back to all of them). */
export const pickBranchAction = defineAction({
  name: "offices.pick",
  permission: "dashboard.read",
  input: pickBranchSchema,
  handler: (input, ctx) => pickBranch(ctx, input),
});
