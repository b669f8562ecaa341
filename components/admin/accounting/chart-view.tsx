/** The lender's chart of accounts (issue 50, points 1 and 8; decision 0269): accounts with their sub-accounts, and each product's accounts. */
import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { ChartAccount, ProductAccounts } from "@/lib/accounting/queries";
import { accountName } from "./books-tables";
import { AddSubAccountForm, ProductAccountsForm, RenameAccountForm, type AccountOption } from "./chart-forms";

const PRODUCT_KINDS = { portfolio: "loan_portfolio", interestIncome: "interest_income", lateFeeIncome: "late_fee_income" } as const;

export async function ChartView({ chart, canEdit }: { chart: { accounts: ChartAccount[]; products: ProductAccounts[] }; canEdit: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("adminAccounting"), getLocale() as Promise<Locale>]);
  const label = (a: ChartAccount) => `${a.code} ${accountName(t, locale, a)}`;
  const byCode = new Map(chart.accounts.map((a) => [a.code, a]));
  const ownOf = (kind: ChartAccount["kind"]) => chart.accounts.find((a) => a.kind === kind && a.isDefault)!;
  const productCell = (code: string | null, kind: ChartAccount["kind"]) =>
    code ? label(byCode.get(code)!) : t("chart.kindsOwn", { code: ownOf(kind).code });
  const options = (kind: ChartAccount["kind"]): AccountOption[] => [
    { code: "", label: t("chart.kindsOwn", { code: ownOf(kind).code }) },
    ...chart.accounts.filter((a) => a.kind === kind && !a.isDefault).map((a) => ({ code: a.code, label: label(a) })),
  ];
  return (
    <div className="space-y-8" data-testid="chart-of-accounts">
      <section aria-labelledby="chart-title">
        <h2 id="chart-title" className="mb-1 text-base font-semibold">
          {t("chart.title")}
        </h2>
        <p className="mb-2 max-w-3xl text-sm text-muted-foreground">{t("chart.text")}</p>
        <ListTable testId="chart-accounts" lastColumn="left" columns={[t("columns.code"), t("columns.account"), t("columns.type"), t("chart.purpose")]}>
          {chart.accounts.map((a) => (
            <TableRow key={a.code} data-testid="chart-account" data-code={a.code} data-kind={a.kind} data-parent={a.parentCode ?? ""}>
              <TableCell className="font-mono text-xs" style={{ paddingLeft: `${0.5 + a.depth * 1.25}rem` }}>
                {a.code}
              </TableCell>
              <TableCell>
                {accountName(t, locale, a)}
                {a.parentCode ? <div className="text-xs text-muted-foreground">{t("chart.subAccountOf", { code: a.parentCode })}</div> : null}
              </TableCell>
              <TableCell>{t(`types.${a.type}`)}</TableCell>
              <TableCell className="text-sm text-muted-foreground">{t(`accounts.${a.kind}`)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </section>

      <section aria-labelledby="chart-products-title">
        <h2 id="chart-products-title" className="mb-1 text-base font-semibold">
          {t("chart.productsTitle")}
        </h2>
        <p className="mb-2 max-w-3xl text-sm text-muted-foreground">{t("chart.productsText")}</p>
        <ListTable testId="chart-products" lastColumn="left" columns={[t("chart.product"), t("chart.portfolio"), t("chart.interestIncome"), t("chart.lateFeeIncome")]}>
          {chart.products.map((p) => (
            <TableRow key={p.product} data-testid="chart-product" data-product={p.product} data-portfolio={p.portfolio ?? ""} data-interest-income={p.interestIncome ?? ""}>
              <TableCell>{locale === "bn" ? p.titleBn : p.titleEn}</TableCell>
              <TableCell className="text-sm">{productCell(p.portfolio, "loan_portfolio")}</TableCell>
              <TableCell className="text-sm">{productCell(p.interestIncome, "interest_income")}</TableCell>
              <TableCell className="text-sm">{productCell(p.lateFeeIncome, "late_fee_income")}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </section>

      {canEdit ? (
        <ClientMessages namespaces={["adminAccounting", "validation", "adminCommon"]}>
          <div className="grid gap-4 lg:grid-cols-2">
            <RenameAccountForm accounts={chart.accounts.map((a) => ({ code: a.code, label: label(a), labelBn: a.labelBn ?? "", labelEn: a.labelEn ?? "" }))} />
            <AddSubAccountForm parents={chart.accounts.map((a) => ({ code: a.code, label: label(a) }))} />
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            {chart.products.map((p) => (
              <ProductAccountsForm
                key={p.product}
                product={p.product}
                title={locale === "bn" ? p.titleBn : p.titleEn}
                current={{ portfolio: p.portfolio ?? "", interestIncome: p.interestIncome ?? "", lateFeeIncome: p.lateFeeIncome ?? "" }}
                options={{ portfolio: options(PRODUCT_KINDS.portfolio), interestIncome: options(PRODUCT_KINDS.interestIncome), lateFeeIncome: options(PRODUCT_KINDS.lateFeeIncome) }}
              />
            ))}
          </div>
        </ClientMessages>
      ) : null}
    </div>
  );
}
