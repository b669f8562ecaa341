"use client";

import { AlertCircle, Camera, CheckCircle2, ImageUp, RotateCcw } from "@/components/icons";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { checkNidImage } from "@/lib/applications/actions";
import type { CardProposal, ImageErrorKey } from "@/lib/applications/types";
import { formatCalendarDate, formatPercent, localizeDigits } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  AUTO_UPLOAD_DELAY_MS,
  CAMERA_CONSTRAINTS,
  type CameraErrorKey,
  cameraErrorKey,
  cameraSupported,
  captureFrame,
  stopStream,
} from "./camera";
import {
  PROGRESS_CAP,
  PROGRESS_INTERVAL_MS,
  PROGRESS_STEP,
  SIMULATION_DURATION_MS,
  type SimulatedNidResult,
  simulateNidVerification,
} from "./simulation";
import { looksLikeHeic, preparePhoto } from "./prepare-photo";

/** What the widget hands its host once a card image has been accepted. */
export type NidCaptureValue = {
  /** The JPEG frame or the chosen file (shrunk when large), as the image check received it. */
  image: Blob;
  /** The server's name for the checked photo: the submission sends it instead of `image`; null if the check could not hold it. */
  token: string | null;
  /** Object URL of `image` for previews; the host revokes it when it drops the value. */
  previewUrl: string;
  /** Only with PROTOTYPE_COMPAT: the prototype's fabricated verification result. */
  simulated: SimulatedNidResult | null;
  /** What the server's OCR read from the card, for the applicant to check; never a verification. */
  card: CardProposal | null;
};

type Mode = "camera" | "upload";
type Phase = "idle" | "starting" | "streaming" | "preparing" | "checking";
type WidgetError =
  | { kind: "camera"; key: CameraErrorKey }
  | { kind: "image"; key: ImageErrorKey | "rateLimited" }
  | { kind: "verify"; key: "notDetected" | "verificationFailed" }
  | { kind: "photo"; key: "heicUnsupported" };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Milliseconds since the call, for "at least 2.5 s in total" when the server check took part of it. */
function stopwatch(): () => number {
  const start = Date.now();
  return () => Date.now() - start;
}

export function NidCapture({
  compat,
  value,
  onCapture,
  onReset,
  externalError,
}: {
  /** PROTOTYPE_COMPAT: run the prototype's simulated verification after the image check. */
  compat: boolean;
  value: NidCaptureValue | null;
  onCapture: (value: NidCaptureValue) => void;
  onReset: () => void;
  /** A message from outside (the server refused the image at submission). */
  externalError?: string | null;
}) {
  const t = useTranslations("nid");
  const tv = useTranslations("validation");
  const locale = useLocale();

  const [mode, setMode] = useState<Mode>("camera");
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<WidgetError | null>(null);
  const [switchPending, setSwitchPending] = useState(false);
  const [videoReady, setVideoReady] = useState(false);
  /** Preview while checking or after a failed check; handed to the host on success. */
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const switchTimerRef = useRef<number | undefined>(undefined);
  const tickerRef = useRef<number | undefined>(undefined);
  const localPreviewRef = useRef<string | null>(null);
  /** Bumped by every reset: a camera or check that finishes after it is ignored. */
  const runRef = useRef(0);

  /** Shows `url` (or nothing) as the local preview, releasing the one it replaces. */
  function replacePreview(url: string | null) {
    if (localPreviewRef.current) URL.revokeObjectURL(localPreviewRef.current);
    localPreviewRef.current = url;
    setLocalPreview(url);
  }

  function stopCamera() {
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setVideoReady(false);
  }

  function stopTimers() {
    window.clearInterval(tickerRef.current);
    window.clearTimeout(switchTimerRef.current);
    setSwitchPending(false);
  }

  /** Back to the start in the current mode: no stream, no timers, no preview, no error. */
  function resetWidget() {
    runRef.current++;
    stopCamera();
    stopTimers();
    replacePreview(null);
    setError(null);
    setProgress(0);
    setPhase("idle");
  }

  // Leaving the step (or the page) must release the camera and anything still pending.
  useEffect(
    () => () => {
      runRef.current++;
      stopStream(streamRef.current);
      window.clearInterval(tickerRef.current);
      window.clearTimeout(switchTimerRef.current);
      if (localPreviewRef.current) URL.revokeObjectURL(localPreviewRef.current);
    },
    [],
  );

  function cameraFailed(key: CameraErrorKey) {
    stopCamera();
    setPhase("idle");
    setError({ kind: "camera", key });
    // The spec: after a camera failure the widget offers upload by itself, 2 seconds later.
    setSwitchPending(true);
    window.clearTimeout(switchTimerRef.current);
    switchTimerRef.current = window.setTimeout(() => {
      setSwitchPending(false);
      setMode("upload");
    }, AUTO_UPLOAD_DELAY_MS);
  }

  async function startCamera() {
    resetWidget();
    if (!cameraSupported()) return cameraFailed("cameraNotFound");
    const run = runRef.current;
    setPhase("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      if (run !== runRef.current) return stopStream(stream);
      streamRef.current = stream;
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined); // autoplay policies: muted video plays anyway
      }
      setPhase("streaming");
    } catch (failure) {
      if (run === runRef.current) cameraFailed(cameraErrorKey(failure));
    }
  }

  async function capturePhoto() {
    const video = videoRef.current;
    if (!video) return;
    const blob = await captureFrame(video);
    stopCamera(); // the frame is on the canvas: the camera light goes off now
    if (!blob) return cameraFailed("cameraNotFound");
    void checkImage(blob);
  }

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    resetWidget();
    // Refused here, before anything is uploaded; the server re-checks the bytes themselves.
    if (!file.type.startsWith("image/") && !looksLikeHeic(file)) return setError({ kind: "image", key: "imageNotImage" });
    const run = runRef.current;
    setPhase("preparing");
    const prepared = await preparePhoto(file);
    if (run !== runRef.current) return;
    setPhase("idle");
    if (!prepared.ok) {
      return setError(prepared.error === "heicUnsupported" ? { kind: "photo", key: prepared.error } : { kind: "image", key: prepared.error });
    }
    void checkImage(prepared.image);
  }

  /** Server image check, then (compat only) the prototype's 2.5 s simulated verification. */
  async function checkImage(image: Blob) {
    const run = runRef.current;
    const previewUrl = URL.createObjectURL(image);
    replacePreview(previewUrl);
    setError(null);
    setPhase("checking");
    setProgress(0);
    const elapsed = stopwatch();
    window.clearInterval(tickerRef.current);
    // From the time gone by, not the ticks counted: a busy phone delays timers, and the bar still keeps time.
    tickerRef.current = window.setInterval(
      () => setProgress(Math.min(PROGRESS_CAP, Math.floor(elapsed() / PROGRESS_INTERVAL_MS) * PROGRESS_STEP)),
      PROGRESS_INTERVAL_MS,
    );

    const fail = (failure: WidgetError) => {
      if (run !== runRef.current) return;
      window.clearInterval(tickerRef.current);
      setProgress(0);
      setPhase("idle");
      setError(failure);
      // A refused file is no picture worth previewing: offer the camera or file picker again at once.
      // A failed verification keeps the photo on screen next to Retake, as the prototype did.
      if (failure.kind === "image") replacePreview(null);
    };

    try {
      const body = new FormData();
      body.append("nidImage", image);
      const check = await checkNidImage(body);
      if (run !== runRef.current) return;
      if (!check.ok) return fail({ kind: "image", key: check.error });

      let simulated: SimulatedNidResult | null = null;
      if (compat) {
        await delay(SIMULATION_DURATION_MS - elapsed());
        if (run !== runRef.current) return;
        simulated = simulateNidVerification();
        if (!simulated) return fail({ kind: "verify", key: "notDetected" });
      }

      window.clearInterval(tickerRef.current);
      setProgress(100);
      // The host owns the preview URL from here on.
      localPreviewRef.current = null;
      setLocalPreview(null);
      setPhase("idle");
      onCapture({ image, token: check.token, previewUrl, simulated, card: check.card });
    } catch {
      fail({ kind: "verify", key: "verificationFailed" });
    }
  }

  function switchMode(next: Mode) {
    if (next === mode) return;
    resetWidget();
    setMode(next);
  }

  function scanAgain() {
    resetWidget();
    onReset();
  }

  const errorMessage = error
    ? error.kind === "camera" || error.kind === "verify" || error.kind === "photo"
      ? t(`errors.${error.key}`)
      : error.key === "rateLimited"
        ? tv("rateLimited")
        : tv(error.key)
    : (externalError ?? null);
  const busy = phase === "checking" || phase === "preparing";

  return (
    <section
      data-testid="nid-capture"
      aria-labelledby="nid-capture-title"
      className="bg-secondary/40 space-y-4 rounded-xl border p-4 sm:p-5"
    >
      <div className="space-y-1">
        <h3 id="nid-capture-title" className="font-semibold">
          {t("title")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("description")}</p>
      </div>

      {value ? (
        <CapturedResult value={value} onScanAgain={scanAgain} />
      ) : (
        <>
          <div role="group" aria-label={t("title")} className="grid grid-cols-2 gap-2">
            {(["camera", "upload"] as const).map((option) => (
              <Button
                key={option}
                type="button"
                variant={mode === option ? "default" : "outline"}
                aria-pressed={mode === option}
                data-testid={`nid-mode-${option}`}
                disabled={busy}
                onClick={() => switchMode(option)}
                className="h-10"
              >
                {option === "camera" ? <Camera aria-hidden /> : <ImageUp aria-hidden />}
                {option === "camera" ? t("modeCamera") : t("modeUpload")}
              </Button>
            ))}
          </div>

          {errorMessage ? (
            <Alert variant="destructive" data-testid="nid-error" className="border-destructive/40 bg-destructive/5">
              <AlertCircle aria-hidden />
              <AlertTitle className="line-clamp-none">{errorMessage}</AlertTitle>
              {error?.kind === "camera" ? (
                <AlertDescription className="text-foreground/80">
                  <p className="font-medium">{t("tipsTitle")}</p>
                  <ul className="list-disc space-y-1 ps-5">
                    <li>{t(`tips.${error.key}.tip1`)}</li>
                    <li>{t(`tips.${error.key}.tip2`)}</li>
                    <li>{t(`tips.${error.key}.tip3`)}</li>
                  </ul>
                  {mode === "camera" ? (
                    <div className="mt-2 flex flex-wrap items-center gap-3">
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        className="h-auto min-h-8 py-1.5 whitespace-normal"
                        data-testid="nid-upload-instead"
                        onClick={() => switchMode("upload")}
                      >
                        <ImageUp aria-hidden />
                        {t("uploadInstead")}
                      </Button>
                      {switchPending ? (
                        <span className="text-muted-foreground text-xs" aria-live="polite">
                          {t("switchingToUpload")}
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                </AlertDescription>
              ) : null}
            </Alert>
          ) : null}

          {localPreview ? (
            <div className="space-y-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
              <img
                src={localPreview}
                alt={t("previewAlt")}
                data-testid="nid-preview"
                className="mx-auto max-h-56 w-full rounded-lg border bg-black/5 object-contain"
              />
              {busy ? (
                <div className="space-y-2" aria-live="polite">
                  <p className="text-sm font-medium">{compat ? t("verifying") : t("checking")}</p>
                  <Progress
                    value={progress}
                    aria-valuenow={progress}
                    aria-label={compat ? t("verifying") : t("checking")}
                    data-testid="nid-progress"
                  />
                  <p className="text-muted-foreground text-xs">{formatPercent(progress, locale)}</p>
                </div>
              ) : (
                <Button type="button" variant="outline" className="h-10 w-full" data-testid="nid-retake" onClick={resetWidget}>
                  <RotateCcw aria-hidden />
                  {t("retake")}
                </Button>
              )}
            </div>
          ) : mode === "camera" ? (
            <div className="space-y-3">
              <div
                className={cn(
                  "relative aspect-[16/10] w-full overflow-hidden rounded-lg border bg-neutral-900",
                  phase === "idle" && "hidden",
                )}
              >
                <video
                  ref={videoRef}
                  data-testid="nid-video"
                  className="h-full w-full object-cover"
                  autoPlay
                  muted
                  playsInline
                  onLoadedMetadata={() => setVideoReady(true)}
                />
                {/* Card-shaped guide (ID-1 cards are 85.6 x 54 mm). */}
                <div
                  aria-hidden
                  className="pointer-events-none absolute inset-[8%] rounded-lg border-2 border-dashed border-white/80"
                />
              </div>
              {phase === "idle" ? (
                <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background p-5 text-center">
                  <Camera className="text-primary size-8" aria-hidden />
                  <p className="text-muted-foreground text-sm">{t("cameraIdle")}</p>
                  <Button type="button" className="h-10" data-testid="nid-start-camera" onClick={() => void startCamera()}>
                    <Camera aria-hidden />
                    {t("startCamera")}
                  </Button>
                </div>
              ) : (
                <>
                  <p className="text-muted-foreground text-sm" aria-live="polite">
                    {phase === "starting" ? t("startingCamera") : t("cameraHint")}
                  </p>
                  <div className="grid grid-cols-2 gap-2">
                    <Button type="button" variant="outline" className="h-10" onClick={resetWidget}>
                      {t("stopCamera")}
                    </Button>
                    <Button
                      type="button"
                      className="h-10"
                      data-testid="nid-capture-button"
                      disabled={phase !== "streaming" || !videoReady}
                      onClick={() => void capturePhoto()}
                    >
                      <Camera aria-hidden />
                      {t("capture")}
                    </Button>
                  </div>
                </>
              )}
            </div>
          ) : (
            <label
              htmlFor="nid-file"
              className="hover:bg-accent/60 flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-5 text-center transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <ImageUp className="text-primary size-8" aria-hidden />
              <span className="text-primary font-medium">{t("chooseFile")}</span>
              <span className="text-muted-foreground text-sm" id="nid-file-hint" data-testid="nid-upload-hint">
                {localizeDigits(t("uploadHint"), locale)}
              </span>
              {phase === "preparing" ? (
                <span className="text-sm font-medium" role="status" data-testid="nid-preparing">
                  {t("preparing")}
                </span>
              ) : null}
              <input
                id="nid-file"
                type="file"
                accept="image/*"
                data-testid="nid-file-input"
                aria-describedby="nid-file-hint"
                className="sr-only"
                onChange={(event) => {
                  void chooseFile(event.target.files?.[0]);
                  event.target.value = ""; // choosing the same file again still fires change
                }}
              />
            </label>
          )}
        </>
      )}
    </section>
  );
}

/** The accepted card: preview, "pending staff verification" (or, in compat mode, the simulated result). */
function CapturedResult({ value, onScanAgain }: { value: NidCaptureValue; onScanAgain: () => void }) {
  const t = useTranslations("nid");
  const locale = useLocale();
  const simulated = value.simulated;
  const rows: [string, string][] = simulated
    ? [
        [t("result.nidNumber"), simulated.nidNumber],
        [t("result.name"), simulated.name],
        [t("result.dateOfBirth"), formatCalendarDate(simulated.dateOfBirth, locale)],
        [t("result.fatherName"), simulated.fatherName ?? ""],
        [t("result.motherName"), simulated.motherName ?? ""],
        [t("result.address"), simulated.address ?? ""],
        [t("result.bloodGroup"), simulated.bloodGroup ?? ""],
      ]
    : [];
  return (
    <div className="space-y-4" data-testid="nid-result">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
        <img
          src={value.previewUrl}
          alt={t("previewAlt")}
          data-testid="nid-preview"
          className="max-h-40 w-full rounded-lg border bg-black/5 object-contain sm:w-56"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <p data-testid="nid-status" className="flex items-start gap-2 font-medium text-emerald-700">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
            {simulated ? t("verifiedTitle") : t("capturedTitle")}
          </p>
          {simulated ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                {t("confidence")}: <strong>{formatPercent(simulated.confidence, locale)}</strong>
              </span>
              <Badge variant="outline">{t("simulatedBadge")}</Badge>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{t("capturedText")}</p>
          )}
        </div>
      </div>
      {simulated ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, text]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Button type="button" variant="outline" className="h-10 w-full" data-testid="nid-scan-again" onClick={onScanAgain}>
        <RotateCcw aria-hidden />
        {t("scanAgain")}
      </Button>
    </div>
  );
}
