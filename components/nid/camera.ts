/** Camera access for the NID widget: the constraints the spec asks for and how failures are named. */

export type CameraErrorKey = "cameraPermission" | "cameraNotFound" | "cameraInUse";

/** Rear camera, ideally 1280x720 (ideal, not exact: phones that cannot do it still open). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};

export const CAPTURE_MIME_TYPE = "image/jpeg";
export const CAPTURE_QUALITY = 0.9;
/** After a camera failure the widget moves to upload mode on its own after this long. */
export const AUTO_UPLOAD_DELAY_MS = 2000;

/** getUserMedia's DOMException names (and older Chrome aliases) mapped to the spec's three messages. */
export function cameraErrorKey(error: unknown): CameraErrorKey {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "cameraPermission";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "cameraInUse";
    default:
      // NotFoundError, OverconstrainedError, DevicesNotFoundError, TypeError (no video) and anything else.
      return "cameraNotFound";
  }
}

/** False over plain HTTP (except localhost) and in old browsers: there is nothing to ask. */
export function cameraSupported(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The current video frame as a JPEG at quality 0.9, or null when no frame is available yet. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return Promise.resolve(null);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, CAPTURE_MIME_TYPE, CAPTURE_QUALITY));
}
