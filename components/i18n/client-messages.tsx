import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";

type Namespace = keyof IntlMessages;
type IntlMessages = Awaited<ReturnType<typeof getMessages>>;

/**
 * Client components get only the message namespaces they use: the root layout sends none, so a
 * page's HTML does not carry every string of the app to a phone on slow mobile data.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: Namespace[]; children: React.ReactNode }) {
  const messages = await getMessages();
  const picked = Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
