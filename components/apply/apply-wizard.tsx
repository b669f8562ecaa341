"use client";

import { ChevronLeft, ChevronRight, Loader2 } from "@/components/icons";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { NidCaptureValue } from "@/components/nid/nid-capture";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { submitApplication } from "@/lib/applications/actions";
import type { ImageErrorKey, SubmitApplicationResult } from "@/lib/applications/types";
import { ApplyCalculator } from "./apply-calculator";
import { newIdempotencyKey } from "@/lib/idempotency/key";
import { displayName, type CardFilledFields } from "./card-proposal";
import { createLazyValidation } from "./lazy-validation";
import { LoanDetailsStep } from "./loan-details-step";
import { clearDraft, readDraft, writeDraft } from "./wizard-draft";
import { STEP_COUNT, STEP_KEYS, StepIndicator, type Step } from "./step-indicator";
import {
  EMPTY_EMPLOYMENT_INFO,
  EMPTY_LOAN_DETAILS,
  EMPTY_PERSONAL_INFO,
  type ApplyPrefill,
  type ApplyProduct,
  type EmploymentInfoValues,
  type LoanDetailsValues,
  type PersonalInfoValues,
} from "./types";

const loadLaterSteps = () => import("./later-steps");
/** Shown in the rare case a step is reached before its download finished (it starts on the first touch). */
const loading = () => <div aria-busy className="bg-muted h-48 animate-pulse rounded-lg" data-testid="apply-step-loading" />;
const PersonalInfoStep = dynamic(() => loadLaterSteps().then((steps) => steps.PersonalInfoStep), { loading });
const EmploymentInfoStep = dynamic(() => loadLaterSteps().then((steps) => steps.EmploymentInfoStep), { loading });
const ReviewStep = dynamic(() => loadLaterSteps().then((steps) => steps.ReviewStep), { loading });
const SuccessScreen = dynamic(() => loadLaterSteps().then((steps) => steps.SuccessScreen), { loading });
const SubmitErrorAlert = dynamic(() => loadLaterSteps().then((steps) => steps.SubmitErrorAlert));

/** Which step holds each field, to send the applicant to the first one the server refused. */
const FIELD_STEP: Readonly<Record<string, 1 | 2 | 3>> = {
  loanType: 1,
  amount: 1,
  tenure: 1,
  purpose: 1,
  name: 2,
  phone: 2,
  email: 2,
  dob: 2,
  nid: 2,
  address: 2,
  upazilaCode: 2,
  nidCardCaptured: 2,
  employmentType: 3,
  employer: 3,
  monthlyIncome: 3,
  existingLoans: 3,
};

/**
 * Checks a step as a submission would (react-hook-form's handleSubmit): every missing field is marked, and from then
 * on each message goes as soon as its field is corrected, not only when the field is left.
 */
function stepComplete<V extends FieldValues>(form: UseFormReturn<V>): Promise<boolean> {
  return new Promise((resolve) => {
    form.handleSubmit(() => resolve(true), () => resolve(false))().catch(() => resolve(false));
  });
}

/**
 * Next and Submit sit in the same place, so the second click of a double click on Next would land on
 * the next step's button (skipping a step, or submitting). Only single clicks (and keys) count, unless the step
 * stayed (its missing fields were marked): then a quick second tap is a new try, not a double click.
 */
function ignoreRepeatedClick(event: React.MouseEvent<HTMLButtonElement>, stayed: boolean) {
  if (event.detail > 1 && !stayed) event.preventDefault();
}

type SubmitError = "fixFields" | "rateLimited" | "serverError";

export function ApplyWizard({
  products,
  prefill,
  compat,
  helpCard,
  securityPanel,
}: {
  products: ApplyProduct[];
  prefill: ApplyPrefill;
  /** PROTOTYPE_COMPAT: the NID widget runs the prototype's simulated verification. */
  compat: boolean;
  /** Server-rendered side-panel cards. */
  helpCard: React.ReactNode;
  securityPanel: React.ReactNode;
}) {
  const t = useTranslations("apply");
  const tv = useTranslations("validation");
  const locale = useLocale();

  const [validation] = useState(createLazyValidation);
  const loanResolver = useMemo(
    () => validation.resolver<LoanDetailsValues>((schemas) => schemas.buildLoanDetailsSchema(products)),
    [validation, products],
  );
  const personalResolver = useMemo(
    () => validation.resolver<PersonalInfoValues>((schemas) => schemas.buildPersonalInfoSchema()),
    [validation],
  );
  const employmentResolver = useMemo(
    () => validation.resolver<EmploymentInfoValues>((schemas) => schemas.employmentInfoSchema),
    [validation],
  );

  const loanForm = useForm<LoanDetailsValues>({
    mode: "onTouched",
    // The wizard moves the focus itself, to the first missing field in the page's order (the card photo included).
    shouldFocusError: false,
    resolver: loanResolver,
    defaultValues: {
      ...EMPTY_LOAN_DETAILS,
      loanType: prefill.loanType ?? "",
      amount: prefill.amount ?? "",
      tenure: prefill.tenure ?? "",
    },
  });
  const personalForm = useForm<PersonalInfoValues>({
    mode: "onTouched",
    // The wizard moves the focus itself, to the first missing field in the page's order (the card photo included).
    shouldFocusError: false,
    resolver: personalResolver,
    defaultValues: EMPTY_PERSONAL_INFO,
  });
  const employmentForm = useForm<EmploymentInfoValues>({
    mode: "onTouched",
    // The wizard moves the focus itself, to the first missing field in the page's order (the card photo included).
    shouldFocusError: false,
    resolver: employmentResolver,
    defaultValues: {
      ...EMPTY_EMPLOYMENT_INFO,
      employmentType: prefill.employmentType ?? "",
      monthlyIncome: prefill.monthlyIncome ?? "",
      existingLoans: prefill.existingLoans ?? "",
    },
  });

  const [step, setStep] = useState<Step>(1);
  /** The wizard's browser history entries (one per step shown) and which one is current. */
  const historyRef = useRef<{ steps: Step[]; index: number }>({ steps: [1], index: 0 });
  const [nidCapture, setNidCapture] = useState<NidCaptureValue | null>(null);
  const [readFromCard, setReadFromCard] = useState<CardFilledFields>({});
  const [rejectedImage, setRejectedImage] = useState<ImageErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  const [applicationId, setApplicationId] = useState<string | null>(null);

  /** Set synchronously, so two clicks in the same frame still send one request. */
  const submittingRef = useRef(false);
  /** One per wizard run; a retry after a failure reuses it, New Application starts a new one. */
  const idempotencyKeyRef = useRef<string | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Whether the last tap on Next found the step incomplete (and stayed). */
  const stayedRef = useRef(false);
  /** Counts taps on Next that found the step incomplete: each moves the focus to the first missing field. */
  const [missingMarked, setMissingMarked] = useState(0);
  useEffect(() => {
    // After the commit that shows the messages: the first marked field in the page's order (what the applicant sees).
    if (missingMarked > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-missing]')?.focus();
  }, [missingMarked]);
  const firstRenderRef = useRef(true);

  // Read on every render so each form keeps its validity up to date from the start.
  const stepValidity: Record<Step, boolean> = {
    1: loanForm.formState.isValid,
    2: personalForm.formState.isValid,
    3: employmentForm.formState.isValid,
    4: true,
  };

  const validityRef = useRef(stepValidity);
  const stepRef = useRef(step);
  useEffect(() => {
    validityRef.current = stepValidity;
    stepRef.current = step;
  });

  /** `target`, or the first step before it that is not complete yet. */
  function reachableStep(target: Step): Step {
    for (let s = 1; s < target; s++) if (!validityRef.current[s as Step]) return s as Step;
    return target;
  }

  // Mount: the tab's draft comes back (after a refresh, or a back and forward through another page) unless
  // the applicant already typed before the JavaScript arrived; this entry of the browser's history becomes
  // the first step's.
  useEffect(() => {
    const draft = readDraft(window.sessionStorage);
    const typedBeforeHydration =
      JSON.stringify(loanForm.getValues()) !== JSON.stringify(loanForm.formState.defaultValues) ||
      JSON.stringify(personalForm.getValues()) !== JSON.stringify(personalForm.formState.defaultValues) ||
      JSON.stringify(employmentForm.getValues()) !== JSON.stringify(employmentForm.formState.defaultValues);
    const startAt = (first: Step) => {
      window.history.replaceState({ ...(window.history.state ?? {}), applyStep: first, applyIndex: 0 }, "");
      historyRef.current = { steps: [first], index: 0 };
    };
    startAt(1);
    // Only the same address (a refresh, back or forward): a link with other values (another product, the
    // calculator) starts from what that link names.
    if (draft && draft.source === window.location.search && !typedBeforeHydration) {
      loanForm.reset(draft.loan);
      personalForm.reset({ ...draft.personal, nidCardCaptured: false });
      employmentForm.reset(draft.employment);
      // The card photo is not kept, so a draft past step 2 resumes there, once the schemas confirm that step 1
      // is complete; otherwise (or offline) it resumes at step 1 with everything typed.
      if (draft.step > 1) {
        validation
          .load()
          .then((schemas) => {
            const loanComplete = schemas.buildLoanDetailsSchema(products).safeParse(loanForm.getValues()).success;
            if (!loanComplete || stepRef.current !== 1 || historyRef.current.index !== 0) return; // or the applicant moved on
            setStep(2);
            startAt(2);
          })
          .catch(() => {});
      }
    }
    // Once, on mount: the forms and products of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The validation and the later steps download on the applicant's first touch, key or focus anywhere on
  // the page (or at once when they typed before the page's JavaScript arrived).
  useEffect(() => {
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const load = () => {
      events.forEach((name) => window.removeEventListener(name, load, true));
      // A failed download is tried again when needed: by the next validation, or when the step renders.
      void validation.load().catch(() => {});
      void loadLaterSteps().catch(() => {});
    };
    if (document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement) load();
    else events.forEach((name) => window.addEventListener(name, load, true));
    return () => events.forEach((name) => window.removeEventListener(name, load, true));
  }, [validation]);

  // Everything typed goes to the draft as it changes, and the step with it.
  useEffect(() => {
    const save = () =>
      writeDraft(window.sessionStorage, {
        source: window.location.search,
        step: stepRef.current,
        loan: loanForm.getValues(),
        personal: personalForm.getValues(),
        employment: employmentForm.getValues(),
      });
    save();
    const unsubscribes = [
      loanForm.subscribe({ formState: { values: true }, callback: save }),
      personalForm.subscribe({ formState: { values: true }, callback: save }),
      employmentForm.subscribe({ formState: { values: true }, callback: save }),
    ];
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [step, loanForm, personalForm, employmentForm]);

  // The browser's back and forward buttons (Android's back) move between the steps' entries.
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const state = event.state as { applyStep?: unknown; applyIndex?: unknown } | null;
      if (typeof state?.applyStep !== "number" || typeof state.applyIndex !== "number") return;
      historyRef.current.index = state.applyIndex;
      setSubmitError(null);
      setStep(reachableStep(state.applyStep as Step));
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // A new step starts at its top, with focus on its title (screen readers announce where they are).
  useEffect(() => {
    if (firstRenderRef.current) {
      firstRenderRef.current = false;
      return;
    }
    const top = topRef.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, applicationId]);

  /** Shows `next` as a new entry of the browser's history, so the back button returns to this step. */
  function goTo(next: Step) {
    setSubmitError(null);
    setStep(next);
    const history = historyRef.current;
    history.steps = [...history.steps.slice(0, history.index + 1), next];
    history.index++;
    window.history.pushState({ ...(window.history.state ?? {}), applyStep: next, applyIndex: history.index }, "");
  }

  /** Previous is the browser's back when the entry before this one is the previous step. */
  function goBack() {
    const history = historyRef.current;
    if (history.index > 0 && history.steps[history.index - 1] === step - 1) window.history.back();
    else goTo((step - 1) as Step);
  }

  async function goNext() {
    if (step >= STEP_COUNT) return;
    // Next is never greyed out: a tap on an incomplete step marks every missing field with its message and moves the
    // focus (and a screen reader) to the first of them.
    stayedRef.current = false;
    const valid = await (step === 1 ? stepComplete(loanForm) : step === 2 ? stepComplete(personalForm) : stepComplete(employmentForm));
    if (valid) goTo(Math.min(step + 1, STEP_COUNT) as Step);
    else {
      stayedRef.current = true;
      setMissingMarked((n) => n + 1);
    }
  }

  function dropNidCapture() {
    if (nidCapture) URL.revokeObjectURL(nidCapture.previewUrl);
    setNidCapture(null);
    setReadFromCard({});
    personalForm.setValue("nidCardCaptured", false, { shouldValidate: true });
  }

  function onNidCaptured(value: NidCaptureValue) {
    if (nidCapture) URL.revokeObjectURL(nidCapture.previewUrl);
    setNidCapture(value);
    setRejectedImage(null);
    personalForm.setValue("nidCardCaptured", true, { shouldValidate: true });
    // Name, date of birth and NID number are filled only where empty: from the prototype's simulation
    // (compatibility mode), else from what OCR read, marked for the applicant to check.
    const filled: CardFilledFields = {};
    const fill = (field: keyof CardFilledFields, text: string | null) => {
      if (text && personalForm.getValues(field).trim() === "") {
        personalForm.setValue(field, text, { shouldValidate: true, shouldDirty: true });
        filled[field] = text;
      }
    };
    const simulated = value.simulated;
    if (simulated) {
      fill("name", simulated.name);
      fill("dob", simulated.dateOfBirth);
      fill("nid", simulated.nidNumber);
    } else if (value.card) {
      fill("name", value.card.fullName ? displayName(value.card.fullName) : null);
      fill("dob", value.card.dateOfBirth);
      fill("nid", value.card.nidNumber);
      setReadFromCard(filled);
    }
  }

  function applyServerFieldErrors(fieldErrors: Partial<Record<string, string>>): Step | null {
    let firstStep: Step | null = null;
    for (const [field, key] of Object.entries(fieldErrors)) {
      const owner = FIELD_STEP[field];
      if (!owner || !key) continue;
      const error = { type: "server", message: key };
      if (owner === 1) loanForm.setError(field as keyof LoanDetailsValues, error);
      else if (owner === 2) personalForm.setError(field as keyof PersonalInfoValues, error);
      else employmentForm.setError(field as keyof EmploymentInfoValues, error);
      if (firstStep === null || owner < firstStep) firstStep = owner;
    }
    return firstStep;
  }

  async function submit() {
    if (submittingRef.current || !nidCapture) return;
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);

    idempotencyKeyRef.current ??= newIdempotencyKey();
    const body = new FormData();
    body.append(
      "payload",
      JSON.stringify({
        ...loanForm.getValues(),
        ...personalForm.getValues(),
        nidCardCaptured: true,
        ...employmentForm.getValues(),
        language: locale,
        idempotencyKey: idempotencyKeyRef.current,
        ...(compat && nidCapture.simulated ? { simulatedNid: nidCapture.simulated } : {}),
      }),
    );
    // The photo went up once, at the image check; the token names it. Without one, it goes up now.
    if (nidCapture.token) body.append("nidImageToken", nidCapture.token);
    else body.append("nidImage", nidCapture.image);

    let result: SubmitApplicationResult;
    try {
      result = await submitApplication(body);
    } catch {
      result = { ok: false, error: "server" }; // offline, timeout or a refused request: same key on retry
    }
    submittingRef.current = false;
    setSubmitting(false);

    if (result.ok) {
      clearDraft(window.sessionStorage);
      setApplicationId(result.applicationId);
      return;
    }
    switch (result.error) {
      case "validation": {
        const firstStep = applyServerFieldErrors(result.fieldErrors);
        setSubmitError(firstStep === null ? "serverError" : "fixFields");
        if (firstStep !== null) setStep(firstStep);
        break;
      }
      case "image":
        dropNidCapture();
        setRejectedImage(result.imageError);
        setStep(2);
        break;
      case "rateLimited":
        setSubmitError("rateLimited");
        break;
      default:
        setSubmitError("serverError");
    }
  }

  function startNewApplication() {
    loanForm.reset(EMPTY_LOAN_DETAILS);
    personalForm.reset(EMPTY_PERSONAL_INFO);
    employmentForm.reset(EMPTY_EMPLOYMENT_INFO);
    if (nidCapture) URL.revokeObjectURL(nidCapture.previewUrl);
    setNidCapture(null);
    setRejectedImage(null);
    setSubmitError(null);
    idempotencyKeyRef.current = null;
    setApplicationId(null);
    goTo(1);
  }

  const stepKey = STEP_KEYS[step - 1]!;

  return (
    <div ref={topRef} className="scroll-mt-20">
      {applicationId ? (
        <SuccessScreen applicationId={applicationId} onNewApplication={startNewApplication} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card className="gap-5 py-5 sm:py-6" data-testid="apply-wizard" data-step={step}>
            <CardHeader className="px-4 sm:px-6">
              <StepIndicator step={step} />
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <form
                ref={formRef}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (step < STEP_COUNT) void goNext();
                  else void submit();
                }}
              >
                <div className="mb-5 space-y-1">
                  <h2
                    ref={headingRef}
                    tabIndex={-1}
                    data-testid="apply-step-title"
                    className="text-xl font-semibold outline-none"
                  >
                    {t(`steps.${stepKey}`)}
                  </h2>
                  <p className="text-muted-foreground text-sm">{t(`stepIntro.${stepKey}`)}</p>
                </div>

                {step === 1 ? <LoanDetailsStep form={loanForm} products={products} /> : null}
                {step === 2 ? (
                  <PersonalInfoStep
                    form={personalForm}
                    compat={compat}
                    nidCapture={nidCapture}
                    onNidCaptured={onNidCaptured}
                    onNidReset={dropNidCapture}
                    readFromCard={readFromCard}
                    rejectedImageMessage={rejectedImage ? `${t("errors.imageRejected")} ${tv(rejectedImage)}` : null}
                  />
                ) : null}
                {step === 3 ? <EmploymentInfoStep form={employmentForm} /> : null}
                {step === 4 ? (
                  <ReviewStep
                    loan={loanForm.getValues()}
                    personal={personalForm.getValues()}
                    employment={employmentForm.getValues()}
                    products={products}
                    nidCapture={nidCapture}
                    onEdit={goTo}
                  />
                ) : null}

                {submitError ? (
                  <SubmitErrorAlert
                    message={
                      submitError === "fixFields" ? t("errors.fixFields") : submitError === "rateLimited" ? tv("rateLimited") : tv("serverError")
                    }
                  />
                ) : null}

                <div className="mt-6 flex items-center justify-between gap-3 border-t pt-5">
                  <Button
                    type="button"
                    variant="outline"
                    className="h-10"
                    data-testid="apply-previous"
                    disabled={step === 1 || submitting}
                    onClick={goBack}
                  >
                    <ChevronLeft aria-hidden />
                    {t("actions.previous")}
                  </Button>
                  {step < STEP_COUNT ? (
                    <Button
                      key="next"
                      type="submit"
                      className="h-10"
                      data-testid="apply-next"
                      data-checks-step
                      onClick={(event) => ignoreRepeatedClick(event, stayedRef.current)}
                    >
                      {t("actions.next")}
                      <ChevronRight aria-hidden />
                    </Button>
                  ) : (
                    <Button
                      key="submit"
                      type="submit"
                      className="h-10"
                      data-testid="apply-submit"
                      disabled={submitting || !nidCapture}
                      aria-busy={submitting || undefined}
                      onClick={(event) => ignoreRepeatedClick(event, stayedRef.current)}
                    >
                      {submitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
                      {submitting ? t("actions.submitting") : t("actions.submit")}
                    </Button>
                  )}
                </div>
              </form>
            </CardContent>
          </Card>

          <aside className="space-y-4">
            <ApplyCalculator form={loanForm} products={products} />
            {step === 2 ? securityPanel : null}
            {helpCard}
          </aside>
        </div>
      )}
    </div>
  );
}
