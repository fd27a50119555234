// The players' page: one player's phone at the table. It holds their character (claimed once,
// remembered by this phone's device token), shows that character's sheet and their own rolls,
// sends rolls in the fight's system's dice, and draws the fight as the GM's program sends it:
// a whole view, then only what changed (docs: the players' page protocol). No outside
// requests, no build step.
"use strict";

const REVOKED = 4001;  // the GM made a new key: this address is finished
const TOO_MANY = 4003;  // too many pages open: this one was turned away
const STOPPED = 1001;  // the GM stopped sharing (may share again)
const FEAR_CAP = 12;
const DEVICE = "encounterDevice";
const QUEUED = "Your roll is in the GM's queue.";
const $ = (id) => document.getElementById(id);

let socket = null;
let retry = 500;  // ms before the next reconnect; doubles to 5 s
let timer = null;
let finished = false;  // turned away or re-keyed: no reconnecting by itself
let resyncing = false;  // a resync asked for: deltas wait for the whole view
let asked = "";  // what the player last asked for ("claim", "roll"): where a refusal is said

// The fight as last drawn: the view's parts, its order as keys and entries by key.
let fight = null;
// The character this phone holds (the last "own"), and the forms built from it.
let own = null;
let formsDrawn = "";
let historyDrawn = "";
let newestRoll = "";  // the newest roll of the history drawn, to tell when it changes
let awaiting = false;  // a roll of this page's is with the GM: say what comes of it
let forms = [];  // the roll forms as built: {form, box, radio, dice} each

// -- small helpers ---------------------------------------------------------------------------

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function link(text, down) {
  $("link").textContent = text;
  $("link").classList.toggle("down", !!down);
}

function say(id, text, kind) {
  const box = $(id);
  box.textContent = text || "";
  box.classList.toggle("refused", kind === "refused");
  box.classList.toggle("ok", kind === "ok");
  // A refusal below the button may be out of sight: bring it in.
  if (kind === "refused" && box.offsetParent !== null) box.scrollIntoView({ block: "nearest" });
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// -- the connection ----------------------------------------------------------------------------

// This phone's claim token: made once, kept across reloads and closed tabs. The server knows
// the character it holds by it, so the claim outlives the GM's restarts too.
function device() {
  let token = null;
  try { token = localStorage.getItem(DEVICE); } catch (error) { /* storage off: this visit */ }
  if (!token || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    token = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    try { localStorage.setItem(DEVICE, token); } catch (error) { /* this visit only */ }
  }
  return token;
}

const myDevice = device();

function address() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const page = sessionStorage.getItem("page");
  if (page) url.searchParams.set("page", page);
  url.searchParams.set("device", myDevice);
  return url.href;
}

function connect() {
  if (finished || (socket && socket.readyState <= WebSocket.OPEN)) return;
  clearTimeout(timer);
  socket = new WebSocket(address());
  socket.onopen = () => { retry = 500; link("Live"); $("send").disabled = false; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    socket = null;
    if (event.code === REVOKED || event.code === TOO_MANY) {
      if (!finished) {  // closed without its words (an older server): say them here
        turnedAway(event.code === REVOKED ? "revoked" : "too_many", event.code === REVOKED
          ? "This address no longer works: ask the GM for the new code."
          : "Too many pages are open at this table: close one, then reload this page.");
      }
      return;
    }
    if (event.code === STOPPED) clearFight();
    link(event.code === STOPPED ? "The GM stopped sharing. Waiting…" : "Reconnecting…", true);
    if (finished) return;
    timer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function receive(message) {
  switch (message.type) {
    case "hello":
      sessionStorage.setItem("page", message.page);
      showLast(null);  // told again after this when there is one
      break;
    case "last": showLast(message.title); break;
    case "view": whole(message); break;
    case "delta": change(message); break;
    case "own": showOwn(message.character); break;
    case "sent":
      awaiting = true;
      say("answer", message.text || QUEUED, "ok");
      $("send").disabled = false;
      break;
    case "refused": refused(message.text); break;
    case "told": say("notice", message.text, "ok"); break;
    case "closed": closed(message); break;
  }
}

function refused(text) {
  $("send").disabled = false;
  if (asked === "claim" && !$("claim").hidden) say("claim-answer", text, "refused");
  else if (asked === "roll" && !$("dice").hidden) say("answer", text, "refused");
  else say("notice", text, "refused");
}

function closed(message) {
  if (message.reason === "too_many" || message.reason === "revoked") {
    turnedAway(message.reason, message.text);
    return;
  }
  clearFight();
  $("closed").textContent = message.text || "The GM stopped sharing the fight.";
  $("closed").hidden = false;
  link("Waiting for the GM…", true);
}

// The players' recap of the last finished encounter, when the GM has finished one: it opens
// in a tab of its own, so this page stays connected.
function showLast(title) {
  $("last").hidden = !title;
  $("last-title").textContent = title || "";
}

function turnedAway(reason, text) {
  finished = true;
  clearTimeout(timer);
  if (reason === "revoked") sessionStorage.removeItem("page");
  clearFight();
  $("closed").textContent = text;
  $("closed").hidden = false;
  link(reason === "revoked" ? "This address is finished." : "Not connected.", true);
  $("send").disabled = true;
}

// -- the fight: a whole view, then deltas ------------------------------------------------------

function whole(message) {
  const view = message.view;
  if (!view) return;
  resyncing = false;
  $("closed").hidden = true;
  const before = fight && { ...fight, now: activeName() };
  const entries = new Map();
  const keys = view.order.map((entry, index) => {
    const key = entry.key === undefined ? "#" + index : String(entry.key);
    entries.set(key, entry);
    return key;
  });
  fight = {
    seq: message.seq === undefined ? 0 : message.seq,
    system: view.system, round: view.round, fear: view.fear,
    countdowns: view.countdowns, rolls: view.rolls,
    words: message.words || {}, characters: message.characters || [],
    keys, entries,
  };
  draw(before, null);
}

function change(delta) {
  if (resyncing) return;
  if (!fight || delta.seq !== fight.seq + 1) {  // a gap: ask for the whole view again
    resyncing = true;
    send({ type: "resync" });
    return;
  }
  const before = { ...fight, now: activeName() };
  fight.seq = delta.seq;
  for (const field of ["round", "fear", "countdowns", "rolls", "words", "characters"]) {
    if (field in delta) fight[field] = delta[field];
  }
  const changed = [];
  if (delta.entries) {
    for (const [key, entry] of Object.entries(delta.entries)) {
      fight.entries.set(key, entry);
      changed.push(key);
    }
  }
  if (delta.keys) {
    fight.keys = delta.keys.map(String);
    const kept = new Set(fight.keys);
    for (const key of fight.entries.keys()) if (!kept.has(key)) fight.entries.delete(key);
  }
  draw(before, "words" in delta ? null : changed);
}

// Draw what changed from ``before`` (null: everything). ``changed``: the keys of the entries
// that changed, or null for all of them.
function draw(before, changed) {
  const words = fight.words;
  const system = words.system || "The fight";
  document.title = system + ": players' page";
  $("title").textContent = system;
  $("order-title").textContent = words.order || "Spotlight order";
  $("round").textContent = "Round " + fight.round;
  if (!before || before.fear !== fight.fear) showFear(fight.fear, before ? before.fear : null);
  showOrder(changed, !before || before.keys !== fight.keys);
  if (!before || !same(before.countdowns, fight.countdowns)) showCountdowns(fight.countdowns);
  if (!before || !same(before.rolls, fight.rolls)) showRolls(fight.rolls);
  if (!before || !same(before.characters, fight.characters)) showCharacters(fight.characters);
  announceSpotlight(before);
}

function showFear(fear, was) {
  const box = $("fear");
  box.hidden = fear === null || fear === undefined;
  if (box.hidden) return;
  const pips = $("fear-pips");
  pips.replaceChildren();
  for (let i = 0; i < Math.max(FEAR_CAP, fear); i++) {
    pips.append(el("span", i < fear ? "pip on" : "pip"));
  }
  pips.setAttribute("aria-label", `The GM holds ${fear} Fear of ${FEAR_CAP}`);
  $("fear-count").textContent = String(fear);
  if (typeof was === "number") $("fear-said").textContent = `The GM now holds ${fear} Fear`;
}

const KINDS = { pc: "PC", adversary: "Adversary", npc: "NPC" };
const nodes = new Map();  // key -> its <li>
const drawn = new Map();  // key -> what its <li> shows, to skip an unchanged entry

function active() {
  const key = fight.keys.find((k) => fight.entries.get(k).active);
  return key === undefined ? null : fight.entries.get(key);
}

function activeName() {
  const entry = active();
  return entry ? entry.name : null;
}

function showOrder(changed, moved) {
  const list = $("order");
  const { keys, entries, words } = fight;
  const wanted = new Set(keys);
  if (moved) {
    for (const [key, node] of nodes) {
      if (!wanted.has(key)) { node.remove(); nodes.delete(key); drawn.delete(key); }
    }
  }
  for (const key of changed || keys) {
    const entry = entries.get(key);
    if (!entry || !wanted.has(key)) continue;
    const shown = JSON.stringify([entry.name, entry.kind, entry.active, entry.defeated,
      entry.conditions, entry.tokens, entry.active ? words.active : ""]);
    let node = nodes.get(key);
    if (node && drawn.get(key) === shown) continue;
    if (!node) { node = el("li"); nodes.set(key, node); }
    fillEntry(node, entry, words);
    drawn.set(key, shown);
  }
  const loose = (key) => nodes.has(key) && !nodes.get(key).isConnected;
  if (moved || changed === null || changed.some(loose)) {
    arrange(list, keys.map((key) => nodes.get(key)));
  }
  $("order-empty").hidden = keys.length > 0;
}

function fillEntry(item, entry, words) {
  item.className = (entry.active ? "active " : "") + (entry.defeated ? "defeated" : "");
  const tag = entry.active ? (words.active || "Spotlight")
    : entry.defeated ? "Defeated" : (KINDS[entry.kind] || entry.kind);
  const parts = [el("span", "name", (entry.active ? "▶ " : "") + entry.name)];
  if (entry.tokens) {
    const tokens = el("span", "tokens", entry.tokens);
    tokens.setAttribute("aria-label", "Spotlight tokens: " + entry.tokens);
    parts.push(tokens);
  }
  parts.push(el("span", "tag", tag));
  if (entry.conditions && entry.conditions.length) {
    parts.push(el("span", "conditions", entry.conditions.join(" · ")));
  }
  item.replaceChildren(...parts);
  if (entry.active) item.setAttribute("aria-current", "true");
  else item.removeAttribute("aria-current");
}

// Put ``wanted`` (nodes) in ``list`` in that order, moving as few as it can: the nodes already
// in the longest run that keeps its order stay; the others move (one entry moved in 1000: one
// DOM move, not 999).
function arrange(list, wanted) {
  const index = new Map();
  let i = 0;
  for (const child of list.children) index.set(child, i++);
  const old = wanted.map((node) => (index.has(node) ? index.get(node) : -1));
  const keep = longestRun(old);
  let next = null;
  for (let j = wanted.length - 1; j >= 0; j--) {
    if (!keep.has(j)) list.insertBefore(wanted[j], next);
    next = wanted[j];
  }
}

// The positions of the longest increasing run of ``values`` (its -1s left out), as a Set.
function longestRun(values) {
  const tails = [];  // tails[k]: position ending the best run of length k + 1
  const before = new Array(values.length).fill(-1);
  for (let j = 0; j < values.length; j++) {
    const value = values[j];
    if (value < 0) continue;
    let low = 0, high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]] < value) low = mid + 1; else high = mid;
    }
    if (low > 0) before[j] = tails[low - 1];
    tails[low] = j;
  }
  const keep = new Set();
  for (let j = tails.length ? tails[tails.length - 1] : -1; j >= 0; j = before[j]) keep.add(j);
  return keep;
}

function showCountdowns(countdowns) {
  $("countdowns-box").hidden = countdowns.length === 0;
  const list = $("countdowns");
  list.replaceChildren();
  for (const countdown of countdowns) {
    const item = el("li");
    const head = el("div", "head");
    head.append(el("span", "name", countdown.name));
    head.append(countdown.triggered ? el("span", "triggered", "Triggered!")
      : el("span", "left", `${countdown.value} left`));
    item.append(head);
    const boxes = el("div", "boxes");
    boxes.setAttribute("aria-hidden", "true");
    const used = countdown.start - countdown.value;
    for (let i = 0; i < Math.min(countdown.start, 24); i++) {
      boxes.append(el("span", i < used ? "box used" : "box"));
    }
    item.append(boxes);
    list.append(item);
  }
}

function showRolls(rolls) {
  $("rolls-box").hidden = rolls.length === 0;
  const list = $("rolls");
  const texts = rolls.map((roll) => roll.text);
  const shown = [...list.children].map((item) => item.textContent);
  if (texts.join("\n") === shown.join("\n")) return;  // a screen reader hears new rolls only
  list.replaceChildren(...texts.map((text) => el("li", "", text)));
}

function announceSpotlight(before) {
  const now = active();
  $("now").hidden = !now;
  if (!now) { $("now").textContent = ""; return; }
  const word = fight.words.active || "Spotlight";
  $("now").textContent = `${word}: ${now.name}`;
  if (!before) return;
  if (before.now !== now.name || before.round !== fight.round) {
    $("announce").textContent =
      `Round ${fight.round}: ${now.name} has the ${word.toLowerCase()}.`;
  }
}

function clearFight() {
  fight = null;
  resyncing = false;
  nodes.clear();
  drawn.clear();
  $("order").replaceChildren();
  $("order-empty").hidden = false;
  $("countdowns").replaceChildren();
  $("countdowns-box").hidden = true;
  $("rolls").replaceChildren();
  $("rolls-box").hidden = true;
  $("fear").hidden = true;
  $("now").hidden = true;
  $("round").textContent = "Waiting for the GM…";
  showLast(null);
  showCharacters([]);
  showOwn(null);
  say("notice", "");
  say("claim-answer", "");
}

// -- claiming a character -----------------------------------------------------------------------

function showCharacters(characters) {
  const select = $("character");
  const chosen = select.value;
  const first = el("option", "", "Pick your character");
  first.value = "";
  const options = [first];
  for (const character of characters) {
    const option = el("option", "", character.held
      ? `${character.name} (held by another phone)` : character.name);
    option.value = character.pick;
    option.disabled = !!character.held;
    options.push(option);
  }
  select.replaceChildren(...options);
  select.value = characters.some((c) => c.pick === chosen && !c.held) ? chosen : "";
  showClaim();
}

function showClaim() {
  const characters = fight ? fight.characters : [];
  $("claim").hidden = own !== null || characters.length === 0;
  $("no-characters").hidden = own !== null || characters.length > 0;
}

function claim() {
  const pick = $("character").value;
  if (!pick) {
    say("claim-answer", "Pick your character first.", "refused");
    $("character").focus();
    return;
  }
  asked = "claim";
  if (!send({ type: "claim", pick })) {
    say("claim-answer", "Not connected to the GM right now: try again in a moment.", "refused");
    return;
  }
  say("claim-answer", "");
}

function unclaim() {
  asked = "unclaim";
  if (!send({ type: "unclaim" })) {
    say("notice", "Not connected to the GM right now: try again in a moment.", "refused");
  }
}

// -- my character ---------------------------------------------------------------------------------

function showOwn(character) {
  own = character || null;
  showClaim();
  $("mine").hidden = own === null;
  $("dice").hidden = own === null || !own.forms || own.forms.length === 0;
  if (own === null) {
    $("sheet").replaceChildren();
    $("history").replaceChildren();
    $("history-box").hidden = true;
    $("form-choice").replaceChildren($("form-choice").firstElementChild);
    $("form-fields").replaceChildren();
    $("table-dice").replaceChildren();
    forms = [];
    formsDrawn = historyDrawn = newestRoll = "";
    awaiting = false;
    say("answer", "");
    return;
  }
  say("claim-answer", "");
  $("my-name").textContent = own.name;
  $("sheet").replaceChildren(...(own.sheet || []).map(([label, value]) => {
    const line = el("div");
    line.append(el("dt", "", label), el("dd", "", value));
    return line;
  }));
  const offered = JSON.stringify(own.forms || []);
  if (offered !== formsDrawn) { formsDrawn = offered; buildForms(own.forms || []); }
  showHistory(own.history || []);
}

function showHistory(history) {
  const text = JSON.stringify(history);
  $("history-box").hidden = history.length === 0;
  if (text === historyDrawn) return;
  historyDrawn = text;
  $("history").replaceChildren(...history.map(historyItem));
  // What came of a roll is said once it comes: not for the history as first drawn.
  const newest = history.length ? JSON.stringify(history[0]) : "";
  if ((newestRoll || awaiting) && newest !== newestRoll && history[0].status !== "waiting") {
    awaiting = false;
    say("answer", "Your roll: " + outcome(history[0]),
      history[0].status === "recorded" ? "ok" : "refused");
  }
  newestRoll = newest;
}

function formOf(key) {
  return (own.forms || []).find((form) => form.key === key) || null;
}

function diceText(roll) {
  if (roll.dice_text) return roll.dice_text;
  const form = formOf(roll.form);
  const label = (key) => {
    const die = form && form.dice.find((d) => d.key === key);
    return die ? die.label : key;
  };
  return roll.dice.map(([key, value]) => `${label(key)}: ${value}`).join(", ");
}

function outcome(roll) {
  if (roll.status === "recorded") {
    return (roll.total === null ? "" : roll.total + ", ") + (roll.text || "recorded");
  }
  if (roll.status === "set_aside") return "set aside" + (roll.note ? `: ${roll.note}` : "");
  if (roll.status === "refused") return "refused: " + (roll.note || "the GM could not take it");
  return "waiting for the GM";
}

function historyItem(roll) {
  const item = el("li", roll.status === "refused" ? "refused-roll" : roll.status);
  const form = formOf(roll.form);
  const head = el("div", "head");
  head.append(el("span", "what", form ? form.title : roll.form));
  if (roll.status === "recorded" && roll.total !== null) {
    head.append(el("span", "total", String(roll.total)));
  }
  item.append(head);
  if (roll.status === "recorded") item.append(el("span", "text", roll.text));
  else {
    const status = outcome(roll);
    item.append(el("span", "status", status.charAt(0).toUpperCase() + status.slice(1)));
  }
  const dice = diceText(roll);
  if (dice) {
    item.append(el("span", "dice", dice + (roll.rolled_for_them ? " (rolled for you)" : "")));
  }
  return item;
}

// -- the roll forms ----------------------------------------------------------------------------

function buildForms(list) {
  const was = chosenForm();
  const kept = was ? was.form.key : null;
  const choice = $("form-choice");
  choice.replaceChildren(choice.firstElementChild);
  const fields = $("form-fields");
  fields.replaceChildren();
  forms = list.map((form, f) => {
    const radio = el("input");
    radio.type = "radio";
    radio.name = "which";
    radio.value = form.key;
    radio.id = `form-${f}`;
    radio.addEventListener("change", chooseForm);
    const label = el("label", "choice");
    label.append(radio, " " + form.title);
    choice.append(label);
    const box = el("div", "fields");
    box.dataset.form = form.key;
    for (const number of form.numbers) box.append(numberField(number, f));
    for (const each of form.choices) box.append(choiceField(each, f));
    fields.append(box);
    const dice = form.dice.map((die, d) => dieField(die, f, d));
    return { form, box, radio, dice };
  });
  choice.hidden = forms.length < 2;
  const pick = forms.find((built) => built.form.key === kept) || forms[0];
  if (pick) pick.radio.checked = true;
  $("table-dice").replaceChildren(...forms.flatMap((built) => built.dice.map((d) => d.field)));
  chooseForm();
}

function numberField(number, f) {
  const field = el("div", "field");
  const id = `f${f}-n-${number.key}`;
  const label = el("label", "", number.label);
  label.htmlFor = id;
  const input = el("input");
  input.type = "number";
  input.id = id;
  input.min = number.low;
  input.max = number.high;
  input.value = number.default;
  input.dataset.number = number.key;
  // A phone's digits-only keypad has no minus sign: offer it only when none is needed.
  if (number.low >= 0) input.inputMode = "numeric";
  const less = el("button", "quiet", "−");
  less.type = "button";
  less.setAttribute("aria-label", `${number.label}: one less`);
  const more = el("button", "quiet", "+");
  more.type = "button";
  more.setAttribute("aria-label", `${number.label}: one more`);
  const step = (by) => () => {
    const now = Number.parseInt(input.value, 10);
    const next = (Number.isNaN(now) ? number.default : now) + by;
    input.value = String(Math.min(number.high, Math.max(number.low, next)));
  };
  less.addEventListener("click", step(-1));
  more.addEventListener("click", step(1));
  const stepper = el("div", "stepper");
  stepper.append(less, input, more);
  field.append(label, stepper);
  return field;
}

function choiceField(choice, f) {
  const set = el("fieldset", "choices");
  set.append(el("legend", "", choice.label));
  set.dataset.choice = choice.key;
  choice.options.forEach(([value, words], i) => {
    const radio = el("input");
    radio.type = "radio";
    radio.name = `f${f}-c-${choice.key}`;
    radio.value = value;
    radio.checked = i === 0;
    radio.addEventListener("change", showDice);
    const label = el("label", "choice");
    label.append(radio, " " + words);
    set.append(label);
  });
  return set;
}

function dieField(die, f, d) {
  const field = el("div", "field");
  const id = `f${f}-d-${d}`;
  const label = el("label", "", die.label);
  label.htmlFor = id;
  const input = el("input");
  input.type = "number";
  input.id = id;
  input.inputMode = "numeric";
  input.min = 1;
  input.max = die.sides;
  input.dataset.die = die.key;
  field.append(label, input);
  return { die, field, input };
}

function chosenForm() {
  return forms.find((built) => built.radio.checked) || null;
}

function chooseForm() {
  const built = chosenForm();
  for (const each of forms) each.box.hidden = each !== built;
  if (!built) return;
  $("dice-title").textContent = forms.length > 1 ? "Roll the dice" : built.form.title;
  $("dice-words").textContent = built.form.dice_words;
  showDice();
}

function choicesOf(built) {
  const choices = {};
  for (const choice of built.form.choices) {
    const checked = built.box.querySelector(
      `fieldset[data-choice="${CSS.escape(choice.key)}"] input:checked`);
    choices[choice.key] = checked ? checked.value : choice.options[0][0];
  }
  return choices;
}

// The dice thrown with these choices (PhoneForm.dice_for): a die with a ``when`` only while
// its choice has one of the values named.
function thrown(die, choices) {
  return !die.when || die.when[1].includes(choices[die.when[0]]);
}

function atTable() {
  return document.querySelector("input[name=how]:checked").value === "table";
}

function showDice() {
  const built = chosenForm();
  const table = atTable();
  $("table-dice").hidden = !table || !built;
  if (!built) return;
  const choices = choicesOf(built);
  for (const each of forms) {
    for (const d of each.dice) d.field.hidden = !table || each !== built || !thrown(d.die, choices);
  }
}

function wholeNumber(text) {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

function sendRoll(event) {
  event.preventDefault();
  const built = chosenForm();
  if (!built || !own) return;
  const choices = choicesOf(built);
  const numbers = {};
  for (const number of built.form.numbers) {
    const input = built.box.querySelector(`input[data-number="${CSS.escape(number.key)}"]`);
    const value = input.value.trim() === "" ? number.default : wholeNumber(input.value);
    if (value === null || value < number.low || value > number.high) {
      say("answer", `${number.label} is a whole number from ${number.low} to ${number.high}.`,
        "refused");
      input.focus();
      return;
    }
    numbers[number.key] = value;
  }
  let dice = null;
  if (atTable()) {
    dice = {};
    for (const { die, input } of built.dice) {
      if (!thrown(die, choices)) continue;
      const value = wholeNumber(input.value);
      if (input.value.trim() === "") {
        say("answer", `Give the ${die.label} as it landed, or have the dice rolled for you.`,
          "refused");
        input.focus();
        return;
      }
      if (value === null || value < 1 || value > die.sides) {
        say("answer", `The ${die.label} shows 1 to ${die.sides}.`, "refused");
        input.focus();
        return;
      }
      dice[die.key] = value;
    }
  }
  asked = "roll";
  if (!send({ type: "roll", form: built.form.key, numbers, choices, dice })) {
    say("answer", "Not connected to the GM right now: try again in a moment.", "refused");
    return;
  }
  say("answer", "Sending…");
  $("send").disabled = true;
}

document.addEventListener("DOMContentLoaded", () => {
  $("roll-form").addEventListener("submit", sendRoll);
  $("claim-button").addEventListener("click", claim);
  $("unclaim").addEventListener("click", unclaim);
  for (const radio of document.querySelectorAll("input[name=how]")) {
    radio.addEventListener("change", showDice);
  }
  // A phone that wakes or comes back online reconnects at once, not at the next retry.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { retry = 500; connect(); }
  });
  window.addEventListener("online", () => { retry = 500; connect(); });
  connect();
});
