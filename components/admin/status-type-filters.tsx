/** The status and loan-type selects the loan and repayment lists' filter forms share. */
import { FilterSelect } from "@/components/admin/list-parts";
import type { Locale } from "@/i18n/config";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";

type StatusFilter<S extends string> = {
  value: S;
  filters: readonly S[];
  label: string;
  anyLabel: string;
  /** The label of one status (every filter but "any"). */
  labelOf: (status: Exclude<S, "any">) => string;
};

type TypeFilter = {
  value: LoanType | "any";
  filters: readonly (LoanType | "any")[];
  label: string;
  anyLabel: string;
  titles: Record<LoanType, Record<Language, string>>;
  locale: Locale;
};

/** `status` null: no status select (the tab is a status already). */
export function StatusTypeFilters<S extends string>({ status, loanType }: { status: StatusFilter<S> | null; loanType: TypeFilter }) {
  return (
    <>
      {status ? (
        <FilterSelect
          name="status"
          value={status.value}
          label={status.label}
          className="sm:w-44"
          options={status.filters.map((s) => ({ value: s, label: s === "any" ? status.anyLabel : status.labelOf(s as Exclude<S, "any">) }))}
        />
      ) : null}
      <FilterSelect
        name="loanType"
        value={loanType.value}
        label={loanType.label}
        className="sm:w-48"
        options={loanType.filters.map((type) => ({ value: type, label: type === "any" ? loanType.anyLabel : (loanType.titles[type]?.[loanType.locale] ?? type) }))}
      />
    </>
  );
}
