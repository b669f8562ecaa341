"use client";

import { useLocale, useTranslations } from "next-intl";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { selectClassName } from "@/components/forms/native-select";
import { UpazilaOptions } from "@/components/forms/upazila-options";
import { NidCapture, type NidCaptureValue } from "@/components/nid/nid-capture";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { dhakaToday } from "@/lib/format";
import { upazilaGroups } from "@/lib/geo/upazilas";
import { stillFromCard, type CardFilledFields } from "./card-proposal";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";
import { FormField, describedBy, fieldIds, useFieldRegistration } from "./fields";
import type { PersonalInfoValues } from "./types";

export function PersonalInfoStep({
  form,
  compat,
  nidCapture,
  onNidCaptured,
  onNidReset,
  rejectedImageMessage,
  readFromCard,
}: {
  form: UseFormReturn<PersonalInfoValues>;
  compat: boolean;
  nidCapture: NidCaptureValue | null;
  onNidCaptured: (value: NidCaptureValue) => void;
  onNidReset: () => void;
  /** Set when the server refused the card image at submission. */
  rejectedImageMessage: string | null;
  /** Fields OCR filled in from the card photo: marked until the applicant changes them. */
  readFromCard: CardFilledFields;
}) {
  const t = useTranslations("apply.fields");
  const { formState } = form;
  const field = useFieldRegistration(form);
  const errors = formState.errors;
  const tApply = useTranslations("apply");
  const locale = useLocale() as "bn" | "en";
  const tValidation = useTranslations("validation");
  const [name, dob, nid] = useWatch({ control: form.control, name: ["name", "dob", "nid"] });
  const fromCardHint = (field: keyof CardFilledFields, current: string | undefined) =>
    stillFromCard(readFromCard, field, current ?? "") ? (
      <span className="text-amber-700" data-testid={`read-from-card-${field}`}>
        {tApply("readFromCard")}
      </span>
    ) : undefined;

  return (
    <div className="space-y-5">
      {/* Focused by Next when the card photo is what is missing (tabIndex -1: reachable by script, not by Tab). */}
      <div
        tabIndex={-1}
        data-testid="apply-nid-card"
        data-missing={errors.nidCardCaptured ? true : undefined}
        aria-describedby={errors.nidCardCaptured ? fieldIds("nidCardCaptured").error : undefined}
        className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <NidCapture compat={compat} value={nidCapture} onCapture={onNidCaptured} onReset={onNidReset} externalError={rejectedImageMessage} />
        {errors.nidCardCaptured?.message ? (
          <p id={fieldIds("nidCardCaptured").error} data-testid="error-nidCardCaptured" className="text-destructive mt-2 text-sm">
            {tValidation(toValidationMessageKey(errors.nidCardCaptured.message))}
          </p>
        ) : null}
      </div>

      <FormField name="name" label={t("name")} error={errors.name?.message} hint={fromCardHint("name", name)}>
        <Input
          {...field("name")}
          {...describedBy("name", { error: errors.name?.message })}
          data-testid="apply-name"
          className="h-10"
          autoComplete="name"
          maxLength={120}
        />
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField name="phone" label={t("phone")} error={errors.phone?.message}>
          <Input
            {...field("phone")}
            {...describedBy("phone", { error: errors.phone?.message })}
            data-testid="apply-phone"
            className="h-10"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t("phonePlaceholder")}
          />
        </FormField>

        <FormField name="email" label={t("email")} error={errors.email?.message}>
          <Input
            {...field("email")}
            {...describedBy("email", { error: errors.email?.message })}
            data-testid="apply-email"
            className="h-10"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t("emailPlaceholder")}
          />
        </FormField>

        <FormField name="dob" label={t("dob")} error={errors.dob?.message} hint={fromCardHint("dob", dob)}>
          <Input
            {...field("dob")}
            {...describedBy("dob", { error: errors.dob?.message })}
            data-testid="apply-dob"
            className="h-10"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={dhakaToday()}
          />
        </FormField>

        <FormField name="nid" label={t("nid")} error={errors.nid?.message} hint={fromCardHint("nid", nid)}>
          <Input
            {...field("nid")}
            {...describedBy("nid", { error: errors.nid?.message })}
            data-testid="apply-nid"
            className="h-10"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t("nidPlaceholder")}
          />
        </FormField>
      </div>

      <FormField name="address" label={t("address")} error={errors.address?.message}>
        <Textarea
          {...field("address")}
          {...describedBy("address", { error: errors.address?.message })}
          data-testid="apply-address"
          rows={3}
          maxLength={500}
          autoComplete="street-address"
          placeholder={t("addressPlaceholder")}
        />
      </FormField>

      <FormField name="upazilaCode" label={t("upazila")} hint={t("upazilaHint")} error={errors.upazilaCode?.message}>
        <select
          {...field("upazilaCode")}
          {...describedBy("upazilaCode", { error: errors.upazilaCode?.message, hint: true })}
          data-testid="apply-upazila"
          className={selectClassName}
        >
          <option value="">{t("upazilaNone")}</option>
          <UpazilaOptions groups={upazilaGroups(locale)} />
        </select>
      </FormField>
    </div>
  );
}
