// The ops of act's and login's helpers (act.js, login.js): for each, its
// arguments and its answer. The host declares the same in Go, each op a
// value pairing its name with an argument and an answer type (act's
// ops.go, login's ops.go); their tests hold the two to each other, field
// by field (pagescript's Ops reads this file). So keep to what that reader
// reads: one interface per shape, named, optionally extending others, one
// field a line (`name?: type;`, a type one of number, string, boolean, an
// interface of this file, T[] or T | null); an op is `name: [Args, Answer];`.

/** What every call of act.js takes: the snapshot it is about, and the guards of a helper sent behind another. */
interface ActArgs {
  snapshot: string;
  /** Trusted events the page must have counted first, else it answers notYet. */
  after?: Counts;
  /** The token the helper before must have left, else it answers notYet. */
  okAfter?: number;
  /** Left for the helper sent behind this one, when this one succeeds. */
  token?: number;
}

/** The page's trusted beforeinput, keyup and click events so far. */
interface Counts {
  bi: number;
  ku: number;
  cl: number;
}

/** The arguments of an op about one element: its node index. */
interface NodeArgs extends ActArgs {
  i: number;
}

/** What any op of act.js may answer. */
interface ActAnswer {
  /** The world keeps another snapshot. */
  stale?: boolean;
  /** The element is gone; renamed: the page relabelled it since. */
  gone?: boolean;
  renamed?: boolean;
  /** A guarded helper found the page had not taken what it waits for. */
  notYet?: boolean;
}

/** Where a pointer aimed at an element lands (serializer.js pointer). */
interface Aim extends ActAnswer {
  invisible?: boolean;
  x?: number;
  y?: number;
  /** The index of the element on top (-1: none the snapshot has). */
  covered?: number;
}

interface ActOps {
  pays: [ActArgs, PaysAnswer];
  scrollWatch: [ActArgs, ScrollWatchAnswer];
  scrollDone: [ScrollDoneArgs, ScrollDoneAnswer];
  hasText: [HasTextArgs, HasTextAnswer];
  locate: [LocateArgs, LocateAnswer];
  typeTarget: [TypeTargetArgs, TypeTargetAnswer];
  focus: [NodeArgs, FocusAnswer];
  checkTarget: [CheckTargetArgs, CheckTargetAnswer];
  selectNative: [SelectNativeArgs, SelectNativeAnswer];
  findOption: [FindOptionArgs, FindOptionAnswer];
  framePoint: [FramePointArgs, Aim];
  dragWatch: [ActArgs, ActAnswer];
  dragStarted: [ActArgs, DragStartedAnswer];
  consequence: [ConsequenceArgs, ConsequenceAnswer];
  fileTarget: [NodeArgs, FileTargetAnswer];
  fileInputs: [FileInputsArgs, FileInputsAnswer];
}

interface PaysAnswer extends ActAnswer {
  /** The page holds a card or payment field. */
  pays: boolean;
}

interface ScrollWatchAnswer extends ActAnswer {
  /** The page's scrollend events so far. */
  ends: number;
}

interface ScrollDoneArgs extends ActArgs {
  /** scrollWatch's count: a scroll that ended since counts. */
  since: number;
  /** At most this long (ms). */
  wait: number;
}

interface ScrollDoneAnswer extends ActAnswer {
  x: number;
  y: number;
}

interface HasTextArgs extends ActArgs {
  text: string;
  /** At most this long (ms). */
  wait: number;
  /** In a frame: only in the document the snapshot read. */
  own?: boolean;
}

interface HasTextAnswer extends ActAnswer {
  found: boolean;
}

interface LocateArgs extends NodeArgs {
  noScroll?: boolean;
}

interface LocateAnswer extends Aim {
  disabled?: boolean;
  /** A file input, or a label of one: a click opens a file chooser. */
  file?: boolean;
  /** The URL of the link a click would follow, resolved; "" for none. */
  href?: string;
}

interface TypeTargetArgs extends NodeArgs {
  /** Select what the field holds, to be replaced. */
  clear?: boolean;
}

interface TypeTargetAnswer extends Aim {
  disabled?: boolean;
  readonly?: boolean;
  /** What the element is, when it takes no typed text. */
  notText?: string;
  /** text, segmented, editable or other. */
  kind?: string;
  /** Typed key by key whatever the page (a date's parts). */
  keyed?: boolean;
  /** The field looks formatted as it is typed. */
  formatted?: boolean;
  atEnd?: boolean;
  empty?: boolean;
  seen?: Counts;
}

interface FocusAnswer extends ActAnswer {
  focused?: boolean;
}

interface CheckTargetArgs extends NodeArgs {
  /** Only read the state: succeeded when it is want. */
  only?: boolean;
  want: boolean;
}

interface CheckTargetAnswer extends Aim {
  checked?: boolean | null;
  disabled?: boolean;
  seen?: Counts;
}

interface SelectNativeArgs extends NodeArgs {
  values: string[];
}

interface SelectNativeAnswer extends Aim {
  disabled?: boolean;
  notSelect?: boolean;
  /** A value no option has, and the options there are. */
  missing?: string;
  options?: string[];
  /** Several values for a single select. */
  single?: boolean;
  chosen?: string[];
}

interface FindOptionArgs extends NodeArgs {
  value: string;
}

interface FindOptionAnswer extends Aim {
  missing?: string;
  options?: string[];
}

interface FramePointArgs extends NodeArgs {
  /** The point in the viewport of the frame element i shows. */
  x: number;
  y: number;
  /** Scroll the point into this viewport. */
  scroll?: boolean;
}

interface DragStartedAnswer extends ActAnswer {
  /** The page started an HTML5 drag and let it go on. */
  found: boolean;
}

interface ConsequenceArgs extends NodeArgs {
  /** "enter" or "space" for a key (i < 0: in the focused element), "" for a click. */
  key: string;
}

interface ConsequenceAnswer extends ActAnswer {
  submits?: boolean;
  /** The form takes a payment. */
  pays?: boolean;
  /** A native checkbox, radio or select. */
  native?: boolean;
  /** The page holds a card or payment field. */
  pagePays?: boolean;
  submitName?: string;
  /** The node index of the element (the focused one for a key). */
  index?: number | null;
  box?: number[];
}

interface FileTargetAnswer extends ActAnswer {
  notFile?: boolean;
  disabled?: boolean;
  multiple?: boolean;
  accept?: string;
}

interface FileInputsArgs extends ActArgs {
  /** The node indexes to look at. */
  is: number[];
}

interface FileInputsAnswer extends ActAnswer {
  found: FileInputFound[];
}

/** A marked element that stands for a file input. */
interface FileInputFound {
  i: number;
  /** The element is the input itself. */
  self: boolean;
  accept: string;
  multiple: boolean;
  /** The names of the files it holds. */
  files: string[];
}

/** What every call of login.js takes. */
interface LoginArgs {
  snapshot: string;
}

interface LoginOps {
  inspect: [InspectArgs, InspectAnswer];
  settle: [SettleArgs, SettleAnswer];
}

interface InspectArgs extends LoginArgs {
  /** The node indexes of the snapshot's marked elements, in reading order. */
  nodes: number[];
}

interface InspectAnswer {
  stale?: boolean;
  /** Node indexes, -1 for none. */
  password?: number;
  username?: number;
  submit?: number;
  otp?: boolean;
  captcha?: boolean;
  /** The text of the page's error signs. */
  errors?: string;
}

interface SettleArgs extends LoginArgs {
  /** The node index of the field typed into. */
  field: number;
  /** The page's error text before. */
  errors: string;
  /** At most this long (ms). */
  wait: number;
}

interface SettleAnswer {
  stale?: boolean;
  /** password, gone, error, otp, captcha or timeout. */
  state?: string;
}

/** act.js's call: an op and its arguments. */
type ActCall = { [K in keyof ActOps]: [op: K, args: ActOps[K][0]] }[keyof ActOps];
/** login.js's call: an op and its arguments. */
type LoginCall = { [K in keyof LoginOps]: [op: K, args: LoginOps[K][0]] }[keyof LoginOps];
