/**
 * Texts of the messages the outbox sends, in the recipient's language. Kept here (not in messages/*.json)
 * because they are rendered on the server for a person who is not looking at the app, and an SMS must
 * stay short. The values are escaped by nothing: e-mails are sent as plain text.
 */
import type { Language } from "@/lib/generated/prisma/enums";

export type OutboxTemplate = "application.rejected";

type Rendered = { subject: string; body: string };

const RENDERERS: Record<OutboxTemplate, Record<Language, (v: Record<string, string>) => Rendered>> = {
  "application.rejected": {
    bn: (v) => ({
      subject: `আপনার ঋণ আবেদন ${v.applicationId} অনুমোদিত হয়নি`,
      body: `ঋণবন্ধু: দুঃখিত, আপনার ঋণ আবেদন ${v.applicationId} অনুমোদন করা যায়নি। কারণ: ${v.reason}। বিস্তারিত: ${v.statusUrl}`,
    }),
    en: (v) => ({
      subject: `Your loan application ${v.applicationId} was not approved`,
      body: `RinBondhu: We are sorry, your loan application ${v.applicationId} could not be approved. Reason: ${v.reason}. Details: ${v.statusUrl}`,
    }),
  },
};

export function renderOutboxMessage(template: OutboxTemplate, language: Language, values: Record<string, string>): Rendered {
  return RENDERERS[template][language](values);
}
