// Types of the host's page scripts for their type-check (tsconfig.json):
// the shapes of what they exchange with the host and with each other, and
// what they keep in the isolated world they share. The modules
// (serializer.js with roles.js and accname.js, guard.js, act.js,
// login.js, and labels.js and sensitive.js, which they share) are bundled
// into what the host sends (pagescript's bundle); this file is never sent
// to a page.

/** The serializer's options, which the host calls its default export with. */
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
  il?: number;
  sb?: number;
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

/** download_fetch.js: the downloads it fetched, by token. */
declare var __diwallDownloadStore: Map<string, Blob> | undefined;

/** What accname.js's names takes of the serializer's run (serializer.js). */
interface NameScope {
  win: Window & typeof globalThis;
  doc: Document;
  sensitiveCues(el: Element, tag: string, name: string): boolean;
  /** Text nodes a person can see, as the walk found them. */
  textSeen: WeakSet<Node>;
  /** The node index of each element reported. */
  index: Map<Node, number>;
  frameTags: Set<string>;
  closedRoots: WeakMap<Element, ShadowRoot>;
  labelsFor(el: Element): HTMLLabelElement[];
}
