"use server";
import { defineAction } from "@/lib/auth/action-client";
import { productSettingsSchema } from "./schemas";
import { updateProductSettings } from "./service";

export const updateProductSettingsAction = defineAction({
  name: "products.update",
  permission: "settings.products",
  input: productSettingsSchema,
  handler: (input, ctx) => updateProductSettings(ctx, input),
});
