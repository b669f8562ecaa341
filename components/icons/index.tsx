import type { SVGProps } from "react";
import { SPRITE_VERSION, type SpriteIconName } from "./sprite-version";

type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * Icons of the public pages, drawn from one cached sprite (public/icons/sprite.svg, `npm run icons` writes it from
 * lucide's data) rather than inline paths, which every page would carry twice: in its HTML and in its RSC payload.
 * They render the same on the server and the client, and cost no JavaScript. Names follow lucide-react's, so a file
 * swaps its import. The signed-in areas keep lucide-react.
 */
function spriteIcon(name: SpriteIconName) {
  function SpriteIcon({ className, ...props }: SpriteIconProps) {
    // Decorative unless given an accessible role or name, as lucide-react decides for its own icons.
    const labelled = Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
    // 24 px from the stylesheet's .icon (app/styles/public-site.css), not width and height attributes: shorter, and a
    // size utility in className overrides it.
    return (
      <svg className={className ? `icon ${className}` : "icon"} aria-hidden={labelled ? undefined : true} {...props}>
        <use href={`/icons/sprite.svg?v=${SPRITE_VERSION}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = `Icon(${name})`;
  return SpriteIcon;
}

export type IconComponent = ReturnType<typeof spriteIcon>;

export const AlertCircle = /* @__PURE__ */ spriteIcon("circle-exclamation-point");
export const ArrowLeft = /* @__PURE__ */ spriteIcon("arrow-left");
export const ArrowRight = /* @__PURE__ */ spriteIcon("arrow-right");
export const BadgeCheck = /* @__PURE__ */ spriteIcon("badge-check");
export const Banknote = /* @__PURE__ */ spriteIcon("banknote");
export const BookOpen = /* @__PURE__ */ spriteIcon("book-open");
export const Briefcase = /* @__PURE__ */ spriteIcon("briefcase");
export const Calculator = /* @__PURE__ */ spriteIcon("calculator");
export const Camera = /* @__PURE__ */ spriteIcon("camera");
export const Check = /* @__PURE__ */ spriteIcon("check");
export const CheckCircle2 = /* @__PURE__ */ spriteIcon("circle-check");
export const ChevronLeft = /* @__PURE__ */ spriteIcon("chevron-left");
export const ChevronRight = /* @__PURE__ */ spriteIcon("chevron-right");
export const CircleAlert = AlertCircle;
export const CircleCheck = CheckCircle2;
export const Clock = /* @__PURE__ */ spriteIcon("clock");
export const Download = /* @__PURE__ */ spriteIcon("download");
export const ExternalLink = /* @__PURE__ */ spriteIcon("external-link");
export const FileText = /* @__PURE__ */ spriteIcon("file-text");
export const Fingerprint = /* @__PURE__ */ spriteIcon("fingerprint-pattern");
export const Globe = /* @__PURE__ */ spriteIcon("globe");
export const HandCoins = /* @__PURE__ */ spriteIcon("hand-coins");
export const Headphones = /* @__PURE__ */ spriteIcon("headphones");
export const Headset = /* @__PURE__ */ spriteIcon("headset");
export const House = /* @__PURE__ */ spriteIcon("house");
export const Home = House;
export const ImageUp = /* @__PURE__ */ spriteIcon("image-up");
export const Info = /* @__PURE__ */ spriteIcon("info");
export const Landmark = /* @__PURE__ */ spriteIcon("landmark");
export const Languages = /* @__PURE__ */ spriteIcon("languages");
export const Layers = /* @__PURE__ */ spriteIcon("layers");
export const Loader2 = /* @__PURE__ */ spriteIcon("loader-circle");
export const LogIn = /* @__PURE__ */ spriteIcon("log-in");
export const Mail = /* @__PURE__ */ spriteIcon("mail");
export const Menu = /* @__PURE__ */ spriteIcon("menu");
export const Pencil = /* @__PURE__ */ spriteIcon("pencil");
export const Phone = /* @__PURE__ */ spriteIcon("phone");
export const PlusCircle = /* @__PURE__ */ spriteIcon("circle-plus");
export const Rainbow = /* @__PURE__ */ spriteIcon("rainbow");
export const ReceiptText = /* @__PURE__ */ spriteIcon("receipt-text");
export const RotateCcw = /* @__PURE__ */ spriteIcon("rotate-ccw");
export const ScanEye = /* @__PURE__ */ spriteIcon("scan-eye");
export const Search = /* @__PURE__ */ spriteIcon("search");
export const SearchCheck = /* @__PURE__ */ spriteIcon("search-check");
export const ShieldCheck = /* @__PURE__ */ spriteIcon("shield-check");
export const ShoppingBag = /* @__PURE__ */ spriteIcon("shopping-bag");
export const Smartphone = /* @__PURE__ */ spriteIcon("smartphone");
export const Sparkles = /* @__PURE__ */ spriteIcon("sparkles");
export const Sun = /* @__PURE__ */ spriteIcon("sun");
export const UserCog = /* @__PURE__ */ spriteIcon("user-cog");
export const Users = /* @__PURE__ */ spriteIcon("users");
export const Wallet = /* @__PURE__ */ spriteIcon("wallet");
export const X = /* @__PURE__ */ spriteIcon("x");
export const Zap = /* @__PURE__ */ spriteIcon("zap");
