"use server";
import { defineAction } from "@/lib/auth/action-client";
import { importUpazilaBranches, setUpazilaBranch } from "./routing";
import {
  closeOfficeSchema,
  createOfficeSchema,
  decideTransferSchema,
  editOfficeSchema,
  importUpazilaBranchesSchema,
  pickBranchSchema,
  rejectTransferSchema,
  requestStaffTransferSchema,
  requestTransferSchema,
  upazilaBranchSchema,
} from "./schemas";
import { closeOffice, createOffice, editOffice, pickBranch } from "./service";
import { approveStaffTransfer, rejectStaffTransfer, requestStaffTransfer } from "./staff-transfers";
import { approveTransfer, rejectTransfer, requestTransfer } from "./transfers";

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

export const requestTransferAction = defineAction({
  name: "customers.transfer.request",
  permission: "customers.transfer",
  input: requestTransferSchema,
  handler: (input, ctx) => requestTransfer(ctx, input),
});

export const approveTransferAction = defineAction({
  name: "customers.transfer.approve",
  permission: "customers.transfer",
  input: decideTransferSchema,
  handler: (input, ctx) => approveTransfer(ctx, input),
});

export const rejectTransferAction = defineAction({
  name: "customers.transfer.reject",
  permission: "customers.transfer",
  input: rejectTransferSchema,
  handler: (input, ctx) => rejectTransfer(ctx, input),
});

/** A head-office admin asks to move a member of staff to another office (decision 0260). */
export const requestStaffTransferAction = defineAction({
  name: "staff.transfer.request",
  permission: "staff.manage",
  input: requestStaffTransferSchema,
  handler: (input, ctx) => requestStaffTransfer(ctx, input),
});

export const approveStaffTransferAction = defineAction({
  name: "staff.transfer.approve",
  permission: "staff.transfer",
  input: decideTransferSchema,
  handler: (input, ctx) => approveStaffTransfer(ctx, input),
});

export const rejectStaffTransferAction = defineAction({
  name: "staff.transfer.reject",
  permission: "staff.transfer",
  input: rejectTransferSchema,
  handler: (input, ctx) => rejectStaffTransfer(ctx, input),
});
