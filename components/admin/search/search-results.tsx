import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime, formatTaka } from "@/lib/format";
import type { SearchResults } from "@/lib/panel/search";

function Section({ title, empty, children, count }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{count === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : <ul className="divide-y">{children}</ul>}</CardContent>
    </Card>
  );
}

export async function SearchResultsView({ results }: { results: SearchResults }) {
  const [t, locale] = await Promise.all([getTranslations("adminSearch"), getLocale()]);
  const reviewLink = (id: string) => `/admin/application-review?view=${encodeURIComponent(id)}`;
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="search-results">
      {results.applications ? (
        <Section title={t("applications")} empty={t("none")} count={results.applications.length}>
          {results.applications.map((a) => (
            <li key={a.applicationId} className="py-2 text-sm">
              <Link href={reviewLink(a.applicationId)} className="font-medium text-primary hover:underline">
                {a.applicationId}
              </Link>
              <p>
                {a.name} · {a.phone}
              </p>
              <p className="text-muted-foreground">
                {formatTaka(a.amount, locale)} · {t(`applicationStatus.${a.status}`)} · {formatDateTime(a.submittedAt, locale)}
              </p>
            </li>
          ))}
        </Section>
      ) : null}
      {results.loans ? (
        <Section title={t("loans")} empty={t("none")} count={results.loans.length}>
          {results.loans.map((l) => (
            <li key={l.loanNumber} className="py-2 text-sm">
              <p className="font-medium">{l.loanNumber}</p>
              <p>
                {l.customerName} · {formatTaka(l.requestedAmount, locale)} · {t(`loanStatus.${l.status}`)}
              </p>
              {l.applicationId ? (
                <Link href={reviewLink(l.applicationId)} className="text-primary hover:underline">
                  {t("fromApplication", { id: l.applicationId })}
                </Link>
              ) : null}
            </li>
          ))}
        </Section>
      ) : null}
      {results.customers ? (
        <Section title={t("customers")} empty={t("none")} count={results.customers.length}>
          {results.customers.map((c) => (
            <li key={c.userNumber} className="py-2 text-sm">
              <p className="font-medium">
                {c.userNumber} · {c.name}
              </p>
              <p>
                {c.phone} · {t(`customerStatus.${c.status}`)}
              </p>
              {c.applicationId ? (
                <Link href={reviewLink(c.applicationId)} className="text-primary hover:underline">
                  {t("fromApplication", { id: c.applicationId })}
                </Link>
              ) : null}
            </li>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
