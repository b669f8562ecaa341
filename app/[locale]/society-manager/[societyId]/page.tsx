import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { BooksTab } from "@/components/society/books-tab";
import { CollectionTab } from "@/components/society/collection-tab";
import { DashboardTab } from "@/components/society/dashboard-tab";
import { MembersTab } from "@/components/society/members-tab";
import { ReportsTab } from "@/components/society/reports-tab";
import { SettingsTab } from "@/components/society/settings-tab";
import { SocietyHeader } from "@/components/society/society-header";
import { SocietyTabs } from "@/components/society/society-tabs";
import { WorkersTab } from "@/components/society/workers-tab";
import type { Locale } from "@/i18n/config";
import { hasSocietyPermission } from "@/lib/auth/permissions";
import { requireSocietyPermission } from "@/lib/society/access";
import {
  getCollectionToday,
  getMonthReport,
  getSocietyDashboard,
  getSocietyStats,
  listMembers,
  listWorkers,
  recentCollections,
  workerOptions,
} from "@/lib/society/queries";
import { fieldOverview } from "@/lib/society/field/queries";
import { accountLedger, accountTotals, booksClosedThrough, cashBook, openingBalanceView, openingMembers, withdrawalRules } from "@/lib/society/books/queries";
import { booksQuerySchema } from "@/lib/society/books/schemas";
import { memberSearchSchema } from "@/lib/society/schemas";
import { parseSocietyTab, societyHref, type SocietyTab } from "@/lib/society/tabs";

type Params = { societyId: string };
type Search = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("society");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** One society's screen: the header and the six tabs; only the open tab's data is read. */
export default async function SocietyPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const { societyId } = await params;
  const search = await searchParams;
  const tab = parseSocietyTab(search.tab);
  const access = await requireSocietyPermission(societyId, "society.view", societyHref(societyId, tab));
  const [locale, tLanguage, tField] = await Promise.all([getLocale() as Promise<Locale>, getTranslations("language"), getTranslations("field")]);
  const otherLocale: Locale = locale === "bn" ? "en" : "bn";
  const isAdmin = access.access === "admin";

  return (
    <ClientMessages namespaces={["society", "validation", "adminCommon"]}>
      <div className="min-h-dvh bg-muted/30">
        <SocietyHeader
          societyId={societyId}
          name={access.society.name}
          access={access.access}
          compat={access.compat}
          signedIn={!!access.staff}
          otherLocale={otherLocale}
          otherLocaleLabel={tLanguage(otherLocale)}
          accountId={access.staff?.user.id ?? null}
          discardFieldData={tField("signOut.discard")}
        />
        <SocietyTabs societyId={societyId} active={tab} />
        <main className="mx-auto max-w-6xl px-3 py-4 sm:px-4" data-testid={`society-tab-${tab}`}>
          <TabContent tab={tab} societyId={societyId} search={search} viewerId={access.createdById} isAdmin={isAdmin} canLend={hasSocietyPermission(access.access, "society.lend")} canReverse={hasSocietyPermission(access.access, "society.reverse")} society={access.society} />
        </main>
      </div>
    </ClientMessages>
  );
}

async function TabContent({ tab, societyId, search, viewerId, isAdmin, canLend, canReverse, society }: { tab: SocietyTab; societyId: string; search: Search; viewerId: string | null; isAdmin: boolean; canLend: boolean; canReverse: boolean; society: { name: string; registrationNumber: string | null; address: string | null } }) {
  switch (tab) {
    case "dashboard": {
      const [data, workers, field] = await Promise.all([getSocietyDashboard(societyId), workerOptions(societyId), fieldOverview(societyId)]);
      return <DashboardTab societyId={societyId} data={data} workers={workers} field={field} isAdmin={isAdmin} />;
    }
    case "workers":
      return <WorkersTab societyId={societyId} workers={await listWorkers(societyId)} isAdmin={isAdmin} />;
    case "members": {
      const { q, page } = memberSearchSchema.parse({ q: first(search.q), page: first(search.page) });
      const [members, workers] = await Promise.all([listMembers(societyId, q, page), workerOptions(societyId)]);
      return <MembersTab societyId={societyId} page={members} q={q} workers={workers} viewerId={viewerId} isAdmin={isAdmin} canLend={canLend} />;
    }
    case "collection": {
      const [today, recent, workers] = await Promise.all([getCollectionToday(societyId), recentCollections(societyId), workerOptions(societyId)]);
      return <CollectionTab societyId={societyId} today={today} recent={recent} workers={workers} />;
    }
    case "books": {
      const range = booksQuerySchema.parse({ from: first(search.from), to: first(search.to), worker: first(search.worker), account: first(search.account), page: first(search.page) });
      const [workers, cash, period, toDate, closedThrough, rules, ledger, opening] = await Promise.all([
        workerOptions(societyId),
        cashBook(societyId, range, range.worker),
        accountTotals(societyId, range),
        accountTotals(societyId, { from: null, to: range.to }),
        booksClosedThrough(societyId),
        withdrawalRules(societyId),
        range.account ? accountLedger(societyId, range.account, range, range.page) : Promise.resolve(null),
        openingBalanceView(societyId),
      ]);
      // The register for a new opening: only for an admin, and only while none waits or is posted.
      const entering = isAdmin && (!opening.opening || opening.opening.status === "rejected");
      const openingSection = { ...opening, members: entering ? await openingMembers(societyId) : [], viewerId };
      return <BooksTab societyId={societyId} range={range} ledger={ledger} canReverse={canReverse} workers={workers} cash={cash} period={period} toDate={toDate} closedThrough={closedThrough} rules={rules} isAdmin={isAdmin} opening={openingSection} />;
    }
    case "reports":
      return <ReportsTab societyId={societyId} isAdmin={isAdmin} report={await getMonthReport(societyId)} stats={await getSocietyStats(societyId)} />;
    case "settings":
      return <SettingsTab societyId={societyId} society={society} stats={await getSocietyStats(societyId)} isAdmin={isAdmin} />;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
