"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatPhone } from "@/lib/format";
import { grantSocietyAccessAction, revokeSocietyAccessAction } from "@/lib/society/admin-actions";
import { grantAccessSchema } from "@/lib/society/schemas";
import type { listAllSocieties } from "@/lib/society/queries";

type Society = Awaited<ReturnType<typeof listAllSocieties>>[number];

export function SocietyAccessList({ societies }: { societies: Society[] }) {
  const t = useTranslations("adminSocieties");
  if (societies.length === 0) return <p className="text-muted-foreground">{t("empty")}</p>;
  return (
    <ul className="space-y-4" data-testid="society-admin-list">
      {societies.map((s) => (
        <li key={s.id}>
          <SocietyCard society={s} />
        </li>
      ))}
    </ul>
  );
}

function SocietyCard({ society }: { society: Society }) {
  const t = useTranslations("adminSocieties");
  const tSociety = useTranslations("society");
  const tShell = useTranslations("adminShell");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [revoking, startRevoke] = useTransition();
  const form = useForm<z.input<typeof grantAccessSchema>, unknown, z.output<typeof grantAccessSchema>>({
    resolver: zodResolver(grantAccessSchema),
    defaultValues: { societyId: society.id, phone: "", access: "user" },
  });
  const errors = form.formState.errors;
  const { onSubmit, error, pending } = useActionSubmit(form, grantSocietyAccessAction, () => {
    form.reset({ societyId: society.id, phone: "", access: "user" });
    router.refresh();
  });
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{society.name}</CardTitle>
        <CardDescription>
          {[society.registrationNumber, society.address, t("members", { count: formatNumber(society._count.members, locale) })].filter(Boolean).join(" · ")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 px-4">
        <div>
          <p className="mb-1 text-sm font-medium">{t("managers")}</p>
          {society.managers.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noManagers")}</p>
          ) : (
            <ul className="divide-y rounded-md border text-sm">
              {society.managers.map((m) => (
                <li key={m.staffUser.id} className="flex items-center gap-2 px-3 py-1.5">
                  <span className="min-w-0 flex-1 truncate">
                    {m.staffUser.name} <span className="text-muted-foreground">{formatPhone(m.staffUser.phone)} · {tShell(`roles.${m.staffUser.role}`)}</span>
                  </span>
                  <Badge variant={m.access === "admin" ? "default" : "secondary"}>{tSociety(`access.${m.access}`)}</Badge>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`${t("revoke")}: ${m.staffUser.name}`}
                    disabled={revoking}
                    onClick={() =>
                      startRevoke(async () => {
                        await revokeSocietyAccessAction({ societyId: society.id, staffUserId: m.staffUser.id });
                        router.refresh();
                      })
                    }
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <form onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end" noValidate data-testid="grant-access-form">
          <FormField id={`grant-phone-${society.id}`} label={t("phone")} error={errors.phone?.message}>
            <Input id={`grant-phone-${society.id}`} type="tel" {...form.register("phone")} aria-invalid={!!errors.phone} />
          </FormField>
          <FormField id={`grant-access-${society.id}`} label={t("access")}>
            <select id={`grant-access-${society.id}`} className={compactSelectClassName} {...form.register("access")}>
              <option value="user">{tSociety("access.user")}</option>
              <option value="admin">{tSociety("access.admin")}</option>
            </select>
          </FormField>
          <Button type="submit" disabled={pending}>
            {t("grant")}
          </Button>
        </form>
        <ActionErrorAlert error={error && error.code !== "validation" ? error : null} />
      </CardContent>
    </Card>
  );
}
