/**
 * Texts of the messages the outbox sends, in the recipient's language. Kept here (not in messages/*.json)
 * because they are rendered on the server for a person who is not looking at the app, and an SMS must
 * stay short. Nothing is escaped: e-mails are sent as plain text.
 */
import type { Language } from "@/lib/generated/prisma/enums";

/** The values each template needs. */
export type OutboxTemplateValues = {
  "application.rejected": {
    applicationId: string;
    /** The reviewer's reason, as typed (trimmed). */
    reason: string;
    /** Where the applicant can look the decision up, e.g. "/status?id=LB…". */
    statusPath: string;
  };
};

export type OutboxTemplate = keyof OutboxTemplateValues;

export type RenderedMessage = { subject: string; body: string };

const RENDERERS: { [T in OutboxTemplate]: Record<Language, (v: OutboxTemplateValues[T]) => RenderedMessage> } = {
  "application.rejected": {
    bn: (v) => ({
      subject: `আপনার ঋণ আবেদন ${v.applicationId} অনুমোদিত হয়নি`,
      body: `ঋণবন্ধু: দুঃখিত, আপনার ঋণ আবেদন ${v.applicationId} অনুমোদন করা যায়নি। কারণ: ${v.reason}। আবেদনের অবস্থা দেখুন: ${v.statusPath}`,
    }),
    en: (v) => ({
      subject: `Your loan application ${v.applicationId} was not approved`,
      body: `RinBondhu: We are sorry, your loan application ${v.applicationId} could not be approved. Reason: ${v.reason}. Check your application status at ${v.statusPath}`,
    }),
  },
};

export function renderOutboxMessage<T extends OutboxTemplate>(template: T, language: Language, values: OutboxTemplateValues[T]): RenderedMessage {
  return RENDERERS[template][language](values);
}
