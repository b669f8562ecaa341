"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Input } from "@/components/ui/input";
import type { CustomerSearchField } from "@/lib/customers/schemas";

/**
 * The search-by selector and the term box of the list's GET form: the placeholder follows the chosen field
 * (without JavaScript it stays the one the page was rendered with; the search works either way).
 */
export function SearchTermInput({ by, q, placeholders }: { by: CustomerSearchField; q: string; placeholders: Record<CustomerSearchField, string> }) {
  const t = useTranslations("adminCustomers");
  const [field, setField] = useState(by);
  return (
    <>
      <select
        name="by"
        value={field}
        onChange={(event) => setField(event.target.value as CustomerSearchField)}
        aria-label={t("searchBy")}
        className={`${compactSelectClassName} sm:w-40`}
        data-testid="search-by"
      >
        {(Object.keys(placeholders) as CustomerSearchField[]).map((f) => (
          <option key={f} value={f}>
            {t(`searchFields.${f}`)}
          </option>
        ))}
      </select>
      <Input
        name="q"
        type="search"
        defaultValue={q}
        aria-label={t("searchLabel")}
        placeholder={placeholders[field]}
        inputMode={field === "phone" ? "tel" : undefined}
        className="sm:max-w-xs"
      />
    </>
  );
}
