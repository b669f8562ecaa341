import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { CloseLenderBooksForm } from "@/components/admin/accounting/close-books-form";
import { ProvisioningReport, ProvisioningRules, ProvisioningRuns } from "@/components/admin/accounting/provisioning-view";
import { RunProvisioningForm } from "@/components/admin/accounting/run-provisioning-form";
import { ProvisioningRulesForm } from "@/components/admin/accounting/provisioning-rules-form";
import { accountName, booksHref, CashBookTable, JournalTable, LedgerTable, TrialBalanceTable } from "@/components/admin/accounting/books-tables";
import { FilterForm, FilterSelect, ListTabs } from "@/components/admin/list-parts";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import type { ProvisioningBase } from "@/lib/generated/prisma/enums";
import { StatementsView } from "@/components/admin/accounting/statements-view";
import { ChartView } from "@/components/admin/accounting/chart-view";
import { chartOfAccounts, provisioningBase, lenderAccounts, lenderBooksClosing, lenderStatements, lenderCashBook, lenderJournal, lenderLedger, lenderTrialBalance, provisioningReport, provisioningRules, provisioningRuns } from "@/lib/accounting/queries";
import { BOOKS_VIEWS, booksQuerySchema, CHANNEL_KINDS, provisioningMonthEnds } from "@/lib/accounting/schemas";
import { isAllowed, requirePermission } from "@/lib/auth/guard";
import { writeOffCandidates, writeOffLists, writeOffPolicyNow } from "@/lib/write-offs/queries";
import { WriteOffView } from "@/components/admin/write-offs/write-off-view";
import { formatCalendarDate } from "@/lib/format";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminAccounting"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The rules as the form shows them: each category's last day overdue (before "bad") and each rate, as typed text. */
function rulesFormValues(rules: { category: string; maxDays: number | null; percent: number }[], base: ProvisioningBase) {
  const of = (category: string) => rules.find((r) => r.category === category);
  return {
    base,
    watchfulTo: String(of("watchful")?.maxDays ?? ""),
    substandardTo: String(of("substandard")?.maxDays ?? ""),
    doubtfulTo: String(of("doubtful")?.maxDays ?? ""),
    regular: String(of("regular")?.percent ?? ""),
    watchful: String(of("watchful")?.percent ?? ""),
    substandard: String(of("substandard")?.percent ?? ""),
    doubtful: String(of("doubtful")?.percent ?? ""),
    bad: String(of("bad")?.percent ?? ""),
  };
}

const VIEW_LABELS = { "trial-balance": "trialBalance", journal: "journal", ledger: "ledger", "cash-book": "cashBook", statements: "statements", provisioning: "provisioning", "write-offs": "writeOffs", accounts: "accounts" } as const;

/**
 * The lender's books (issue 50; decision 0263), of the branches the staff member sees (the branch picker narrows them):
 * trial balance, journal, an account's ledger, a channel's cash and bank book; the head office closes the books.
 */
export default async function AccountingPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("accounting.read", "/admin/accounting");
  const query = booksQuerySchema.parse(await searchParams);
  const ledgerCode = query.view === "ledger" ? (query.account ?? "1000") : null;
  const [t, locale, accounts, closing, trial, journal, ledger, book] = await Promise.all([
    getTranslations("adminAccounting"),
    getLocale() as Promise<Locale>,
    lenderAccounts(),
    lenderBooksClosing(ctx.scope),
    query.view === "trial-balance" ? lenderTrialBalance(ctx.scope, query.to) : null,
    query.view === "journal" ? lenderJournal(ctx.scope, query) : null,
    ledgerCode ? lenderLedger(ctx.scope, { code: ledgerCode, from: query.from, to: query.to, page: query.page }) : null,
    query.view === "cash-book" ? lenderCashBook(ctx.scope, query) : null,
  ]);
  const accountOptions = accounts.map((a) => ({ value: a.code, label: `${a.code} ${accountName(t, locale, a)}` }));
  const provisioning = query.view === "provisioning" ? await provisioningView(ctx.scope, query.run) : null;
  const statements = query.view === "statements" ? await lenderStatements(ctx.scope, { from: query.from, to: query.to }) : null;
  const chart = query.view === "accounts" ? await chartOfAccounts() : null;
  const writeOffs = query.view === "write-offs" ? await Promise.all([writeOffCandidates(ctx.scope), writeOffLists(ctx.scope), writeOffPolicyNow()]) : null;

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ListTabs
        label={t("tabs.label")}
        testId="accounting-tabs"
        tabs={BOOKS_VIEWS.map((view) => ({ key: view, label: t(`tabs.${VIEW_LABELS[view]}`), href: booksHref(query, { view }), current: view === query.view }))}
      />
      {query.view !== "provisioning" && query.view !== "write-offs" && query.view !== "accounts" ? (
      <FilterForm action="/admin/accounting" testId="accounting-filters" label={t("filters.label")} submitLabel={t("filters.show")}>
        <input type="hidden" name="view" value={query.view} />
        {query.view !== "trial-balance" ? (
          <label className="flex items-center gap-2 text-sm">
            {t("filters.from")}
            <Input type="date" name="from" defaultValue={query.from} className="w-44" />
          </label>
        ) : (
          <input type="hidden" name="from" value={query.from} />
        )}
        <label className="flex items-center gap-2 text-sm">
          {query.view === "trial-balance" ? t("filters.on") : t("filters.to")}
          <Input type="date" name="to" defaultValue={query.to} className="w-44" />
        </label>
        {query.view === "journal" ? (
          <>
            <FilterSelect name="account" value={query.account ?? ""} label={t("filters.account")} options={[{ value: "", label: t("filters.allAccounts") }, ...accountOptions]} />
            <Input name="loan" defaultValue={query.loan ?? ""} placeholder={t("filters.loan")} aria-label={t("filters.loan")} className="sm:w-40" />
          </>
        ) : null}
        {query.view === "ledger" ? <FilterSelect name="account" value={ledgerCode ?? ""} label={t("filters.account")} options={accountOptions} /> : null}
        {query.view === "cash-book" ? (
          <FilterSelect name="channel" value={query.channel} label={t("filters.channel")} options={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`accounts.${kind}`) }))} />
        ) : null}
      </FilterForm>
      ) : null}

      {trial ? <TrialBalanceTable trial={trial} query={query} /> : null}
      {journal ? <JournalTable journal={journal} query={query} /> : null}
      {query.view === "ledger" ? (
        ledger ? (
          <LedgerTable ledger={ledger} query={query} />
        ) : (
          <p className="rounded-md border bg-background p-4 text-sm text-muted-foreground" data-testid="ledger-no-account">
            {t("ledger.noAccount")}
          </p>
        )
      ) : null}
      {book ? <CashBookTable book={book} query={query} /> : null}
      {statements ? <StatementsView statements={statements} query={query} /> : null}
      {chart ? <ChartView chart={chart} canEdit={isAllowed(ctx, "accounting.rules")} /> : null}
      {writeOffs ? (
        <WriteOffView
          candidates={writeOffs[0]}
          lists={writeOffs[1]}
          policy={writeOffs[2]}
          viewerId={ctx.user.id}
          canPropose={isAllowed(ctx, "writeOffs.propose")}
          canDecide={isAllowed(ctx, "writeOffs.approve")}
          canEditPolicy={isAllowed(ctx, "accounting.rules")}
        />
      ) : null}
      {provisioning ? (
        <>
          <ProvisioningRules rules={provisioning.rules} base={provisioning.base} />
          {isAllowed(ctx, "accounting.rules") ? (
            <ClientMessages namespaces={["adminAccounting", "validation", "adminCommon"]}>
              <ProvisioningRulesForm current={rulesFormValues(provisioning.rules, provisioning.base)} />
            </ClientMessages>
          ) : null}
          {isAllowed(ctx, "accounting.close") && provisioning.monthEnds.length > 0 ? (
            <ClientMessages namespaces={["adminAccounting", "validation", "adminCommon"]}>
              <RunProvisioningForm monthEnds={provisioning.monthEnds} />
            </ClientMessages>
          ) : null}
          <ProvisioningRuns runs={provisioning.runs} query={{ ...query, run: provisioning.shown }} />
          {provisioning.shown && provisioning.report ? <ProvisioningReport asOf={provisioning.shown} branches={provisioning.report} /> : null}
        </>
      ) : null}

      <section className="mt-6 max-w-xl space-y-2 rounded-md border bg-background p-4" aria-labelledby="books-closing-title" data-testid="books-closing">
        <h2 id="books-closing-title" className="text-base font-semibold">
          {t("close.title")}
        </h2>
        <p className="text-sm" data-testid="books-closed-through" data-through={closing.earliest ?? ""}>
          {closing.earliest ? t("close.closedThrough", { date: formatCalendarDate(closing.earliest, locale) }) : t("close.neverClosed")}
        </p>
        {isAllowed(ctx, "accounting.close") ? (
          <>
            <p className="text-sm text-muted-foreground">{t("close.text")}</p>
            <ClientMessages namespaces={["adminAccounting", "validation", "adminCommon"]}>
              <CloseLenderBooksForm />
            </ClientMessages>
          </>
        ) : null}
      </section>
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}

/** The provisioning view's data: the rules, the runs, the month ends not yet run, and the report of the run asked for (else the latest). */
async function provisioningView(scope: Parameters<typeof provisioningReport>[0], run: string | null) {
  const [rules, runs, base] = await Promise.all([provisioningRules(), provisioningRuns(), provisioningBase()]);
  const latestRun = runs[0]?.asOf ?? "";
  const monthEnds = provisioningMonthEnds().filter((end) => end > latestRun);
  const shown = run ?? runs[0]?.asOf ?? null;
  return { rules, base, runs, monthEnds, shown, report: shown ? await provisioningReport(scope, shown) : null };
}
