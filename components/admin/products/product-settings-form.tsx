"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import { formatPercent } from "@/lib/format";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import { updateProductSettingsAction } from "@/lib/products/actions";
import type { ProductSettingsRow } from "@/lib/products/queries";
import { productSettingsSchema, type ProductSettingsInput, type ProductSettingsValues } from "@/lib/products/schemas";

type TextField = "minAmount" | "maxAmount" | "minTenure" | "maxTenure" | "annualRate" | "badgeBn" | "badgeEn";

export function ProductSettingsForm({ product, title, rateCeiling }: { product: ProductSettingsRow; title: string; rateCeiling: number }) {
  const t = useTranslations("adminProducts");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const form = useForm<ProductSettingsInput, unknown, ProductSettingsValues>({
    resolver: zodResolver(productSettingsSchema),
    defaultValues: {
      key: product.key,
      version: product.version,
      minAmount: String(product.minAmount),
      maxAmount: String(product.maxAmount),
      minTenure: String(product.minTenure),
      maxTenure: String(product.maxTenure),
      annualRate: String(product.annualRate),
      featuresBn: product.featuresBn.join("\n"),
      featuresEn: product.featuresEn.join("\n"),
      badgeBn: product.badgeBn ?? "",
      badgeEn: product.badgeEn ?? "",
    },
  });
  const { onSubmit, error, succeeded: saved, setSucceeded: setSaved, pending } = useActionSubmit(form, updateProductSettingsAction, (data) => {
    form.setValue("version", data.version);
    router.refresh();
  });
  const errors = form.formState.errors;
  const id = (name: string) => `${product.key}-${name}`;
  const text = (name: TextField, inputMode: "numeric" | "decimal" | "text" = "numeric") => (
    <FormField id={id(name)} label={t(name)} error={errors[name]?.message}>
      <Input id={id(name)} inputMode={inputMode} aria-invalid={!!errors[name]} {...form.register(name, { onChange: () => setSaved(false) })} />
    </FormField>
  );


  return (
    <Card data-testid={`product-${product.key}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">{title}</CardTitle>
        {!product.active ? <Badge variant="outline">{t("inactive")}</Badge> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("minAmount")}
            {text("maxAmount")}
            {text("minTenure")}
            {text("maxTenure")}
            <div>
              {text("annualRate", "decimal")}
              <p className="mt-1 text-xs text-muted-foreground" data-testid="rate-ceiling">
                {t("rateCeiling", { rate: formatPercent(rateCeiling, locale), effective: formatPercent(effectiveAnnualRate(product.annualRate), locale) })}
              </p>
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={id("featuresBn")} label={t("featuresBn")} error={errors.featuresBn?.message}>
              <Textarea id={id("featuresBn")} rows={4} {...form.register("featuresBn")} />
            </FormField>
            <FormField id={id("featuresEn")} label={t("featuresEn")} error={errors.featuresEn?.message}>
              <Textarea id={id("featuresEn")} rows={4} {...form.register("featuresEn")} />
            </FormField>
            {text("badgeBn", "text")}
            {text("badgeEn", "text")}
          </div>
          <FormSubmitRow pending={pending} error={error} success={saved ? t("saved") : null} successTestId="product-saved" />
        </form>
      </CardContent>
    </Card>
  );
}
