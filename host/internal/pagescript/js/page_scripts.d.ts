// Types of the host's page scripts (serializer.js with roles.js and
// accname.js, guard.js, act.js, login.js, download_fetch.js) for their type-check
// (tsconfig.serializer.json, tsconfig.scripts.json): what Go
// writes into them, the shapes of what they exchange, and what
// they keep in the isolated world they share. Go embeds only the .js
// files; this file is never sent to a page.

/** page_constants.json, which Go writes in place of this name. */
declare const __PAGE_CONSTANTS__: typeof import("./page_constants.json");

/** The serializer's options, which Go writes in place of this name. */
declare const __OPTIONS__: SerializerOptions;

interface SerializerOptions {
  maxName: number;
  maxText: number;
  /** The sources of the regular expressions of sensitive.go. */
  sensitive: string;
  notSensitive: string;
  snapshot: string;
  read?: boolean;
  root?: number;
  /** The snapshot a new one follows: report each node's index in it (m). */
  since?: string;
  /** An answer longer than this many characters goes packed (serializer.js pack). */
  packOver?: number;
}

/** Where a pointer aimed at an element lands (serializer.js pointer). */
type PointerAim = {
  invisible?: boolean;
  x?: number;
  y?: number;
  /** The index of the element on top, or of its nearest reported ancestor (-1: none). */
  covered?: number;
};

/** The snapshot the serializer keeps in the world, for the action helpers and the guard. */
interface KeptSnapshot {
  snapshot: string;
  /** The element of each node index (null for text). */
  els: (PageElement | null)[];
  index: Map<Node, number>;
  pointer(el: Element, idx: Map<Node, number>, scroll: boolean): PointerAim;
  renamed(i: number): boolean;
  /** act.js dragWatch: whether the page started an HTML5 drag. */
  drag?: { started: boolean; prevented: boolean };
  /** act.js fileTarget: the file input of an upload. */
  fileInput?: HTMLInputElement | null;
}

/** A started capture guard (guard.js). */
interface StartedGuard {
  id: string;
  end(): void;
  finish(): string | Promise<string>;
}

// What the host's scripts keep in the isolated world.
declare var __diwall: KeptSnapshot | undefined;
/** Closed shadow roots the host found, by their host element (closed_roots.go). */
declare var __diwallRoots: WeakMap<Element, ShadowRoot> | undefined;
declare var __diwallGuard: StartedGuard | null | undefined;
/** The snapshot's references set aside while a kept observation runs (set_snapshot_aside.js). */
declare var __diwallKept: KeptSnapshot | undefined;
/** guard.js: earlier guards' decisions, with the attributes they were made from. */
declare var __diwallSensitive: WeakMap<Element, { sig: string; sensitive: boolean }> | undefined;
/** act.js: the page's scrollend events so far. */
declare var __diwallScroll: { ends: number; listening?: boolean } | undefined;
/** act.js: the page's trusted beforeinput, keyup and click events so far. */
declare var __diwallSeen: { root: Element; bi: number; ku: number; cl: number } | undefined;
/** act.js: the token of the last helper that succeeded. */
declare var __diwallOK: number | undefined;

/**
 * An element of the page as the scripts read it. They read the properties
 * of HTML elements, form controls, labels, options and tables on any
 * element, as a page's own scripts may: on an element that does not have
 * one (an SVG element's isContentEditable, a div's value) it reads
 * undefined, which they take as false or absent. Any Element is one.
 */
type PageElement = Element & Partial<Omit<HTMLElement, keyof Element>> & Partial<ElementParts>;

type ElementParts = Pick<HTMLInputElement, "value" | "type" | "checked" | "indeterminate" | "readOnly" | "required" |
  "disabled" | "list" | "files" | "accept" | "multiple" | "select" | "setSelectionRange"> &
  Pick<HTMLSelectElement, "options" | "selectedOptions" | "size"> &
  Pick<HTMLLabelElement, "control"> &
  Pick<HTMLOptionElement, "label" | "selected" | "text"> &
  Pick<HTMLDetailsElement, "open"> &
  Pick<HTMLTableElement, "rows" | "tHead" | "tFoot" | "caption"> &
  Pick<HTMLTableRowElement, "cells">;

/** The arguments of act's page helpers (act.js); each op reads its own. */
interface HelperArgs {
  snapshot: string;
  /** The node index of the element acted on. */
  i: number;
  /** fileInputs: the node indexes to look at. */
  is: number[];
  /** Trusted events the page must have counted first (after), and the token of the helper before (okAfter, token). */
  after?: { bi: number; ku: number; cl: number };
  okAfter?: number;
  token?: number;
  noScroll?: boolean;
  /** consequence: "enter" or "space" for a key, "" for a click. */
  key: string;
  /** framePoint: scroll the frame's point into this viewport. */
  scroll?: boolean;
  clear?: boolean;
  only?: boolean;
  want?: boolean;
  values: string[];
  value: string;
  text: string;
  own?: boolean;
  since: number;
  wait: number;
  x: number;
  y: number;
}

/**
 * A running animation as guard.js reads it: CSS animations and transitions,
 * and those a script made, all have keyframe effects; a CSS transition
 * names its property.
 */
type PageAnimation = Animation & { effect: KeyframeEffect | null; transitionProperty?: string };

/** A node as serializer.js reports it: raw.go's rawNode. */
interface RawNode {
  p: number;
  r: string;
  tg?: string;
  n?: string;
  nf?: number;
  nh?: number;
  tx?: string;
  v?: string;
  s?: Record<string, string | number | boolean | undefined>;
  b?: number[];
  a?: number;
  cue?: { t: string; ac: string; nm: string; id: string; ph: string };
  sx?: number;
  fr?: number;
  u?: number;
  iv?: number;
  cov?: number;
  m?: number;
}

/**
 * serializer.js's context of the walk: the clips around the current node
 * (in flow, and for absolutely positioned content), the colour behind it
 * and the element that paints it, whether it is in the open modal dialog,
 * and whether its content may have no box.
 */
interface WalkContext {
  clip: number[];
  pclip: number[];
  bg: number[] | null;
  bgEl: Element | null;
  inModal: boolean;
  suspect: boolean;
}

/** The arguments of login's helpers (login.js); each op reads its own. */
interface LoginArgs {
  snapshot: string;
  /** inspect: the node indexes of the snapshot's marked elements, in reading order. */
  nodes?: number[];
  /** settle: the node index of the field typed into, the page's error text before, and how long to wait (ms). */
  field: number;
  errors: string;
  wait: number;
}

/** download_fetch.js: the downloads it fetched, by token. */
declare var __diwallDownloadStore: Map<string, Blob> | undefined;
