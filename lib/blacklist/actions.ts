"use server";
import { defineAction } from "@/lib/auth/action-client";
import { blacklistEntrySchema, importBlacklistSchema, removeBlacklistSchema } from "./schemas";
import { addBlacklistEntry, importBlacklist, removeBlacklistEntry } from "./service";

export const addBlacklistEntryAction = defineAction({
  name: "blacklist.add",
  permission: "settings.blacklist",
  input: blacklistEntrySchema,
  handler: (input, ctx) => addBlacklistEntry(ctx, input),
});

export const removeBlacklistEntryAction = defineAction({
  name: "blacklist.remove",
  permission: "settings.blacklist",
  input: removeBlacklistSchema,
  handler: (input, ctx) => removeBlacklistEntry(ctx, input),
});

export const importBlacklistAction = defineAction({
  name: "blacklist.import",
  permission: "settings.blacklist",
  input: importBlacklistSchema,
  handler: (input, ctx) => importBlacklist(ctx, input),
});
