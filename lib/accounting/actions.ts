"use server";
import { defineAction } from "@/lib/auth/action-client";
import { closeLenderBooksSchema } from "./schemas";
import { closeLenderBooks } from "./service";

export const closeLenderBooksAction = defineAction({
  name: "accounting.books.close",
  permission: "accounting.close",
  input: closeLenderBooksSchema,
  handler: (input, ctx) => closeLenderBooks(ctx, input),
});
