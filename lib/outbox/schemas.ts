/** The message list's URL filters and the resend action's input, shared by the page, the button and the server. */
import { z } from "zod";
import { msg } from "@/lib/validation/fields";
import { choiceParam, pageParam } from "@/lib/validation/search-params";

/** Failed first: what needs a person; then what is still being tried, what went out, everything. */
export const OUTBOX_STATUS_FILTERS = ["failed", "pending", "sent", "all"] as const;
export type OutboxStatusFilter = (typeof OUTBOX_STATUS_FILTERS)[number];

export const outboxFiltersSchema = z.object({
  status: choiceParam(OUTBOX_STATUS_FILTERS, "failed"),
  page: pageParam,
});
export type OutboxFilters = z.output<typeof outboxFiltersSchema>;

export const resendMessageSchema = z.object({ id: z.string(msg("required")).min(1, msg("required")).max(40) });
