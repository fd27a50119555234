// The players' page: renders what the GM's program sends over one WebSocket, reconnects
// after the phone sleeps, and sends a player's action roll. No outside requests, no build.
"use strict";

const REVOKED = 4001;  // the GM made a new key: this address is finished
const FEAR_CAP = 12;
const $ = (id) => document.getElementById(id);

let socket = null;
let retry = 500;  // ms before the next reconnect; doubles to 5 s
let timer = null;
let finished = false;
let last = null;  // the last view shown, to announce what changed
let picks = "";   // the characters offered, to rebuild the list only when they change

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

function announce(text) {
  if (text) $("announce").textContent = text;
}

function address() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const page = sessionStorage.getItem("page");
  if (page) url.searchParams.set("page", page);
  return url.href;
}

function connect() {
  if (finished || (socket && socket.readyState <= WebSocket.OPEN)) return;
  clearTimeout(timer);
  socket = new WebSocket(address());
  socket.onopen = () => { retry = 500; link("Live"); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    socket = null;
    if (event.code === REVOKED) {
      finished = true;
      sessionStorage.removeItem("page");
      link("This address no longer works: ask the GM for the new code.", true);
      $("send").disabled = true;
      return;
    }
    link(event.code === 1001 ? "The GM stopped sharing. Waiting…" : "Reconnecting…", true);
    timer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function receive(message) {
  switch (message.type) {
    case "hello": sessionStorage.setItem("page", message.page); break;
    case "view": show(message); break;
    case "sent": answer("Sent…", ""); break;
    case "told": answer(message.text, "ok"); $("send").disabled = false; break;
    case "refused": answer(message.text, "refused"); $("send").disabled = false; break;
  }
}

function answer(text, kind) {
  const box = $("answer");
  box.textContent = text;
  box.className = "answer" + (kind ? " " + kind : "");
  if (text) box.scrollIntoView({ block: "nearest" });  // below the button: bring it in sight
}

function show(message) {
  const view = message.view;
  if (!view) return;
  const words = message.words || {};
  document.title = (words.system || "The fight") + ": players' page";
  $("title").textContent = words.system || "The fight";
  $("order-title").textContent = words.order || "Spotlight order";
  $("round").textContent = "Round " + view.round;
  showFear(view.fear);
  showOrder(view.order, words);
  showCountdowns(view.countdowns);
  showRolls(view.rolls);
  showCharacters(message.characters || [], view.system === "daggerheart");
  announceChanges(view, words);
  last = view;
}

function showFear(fear) {
  const box = $("fear");
  box.hidden = fear === null || fear === undefined;
  if (box.hidden) return;
  const pips = $("fear-pips");
  pips.replaceChildren();
  for (let i = 0; i < FEAR_CAP; i++) pips.append(el("span", i < fear ? "pip on" : "pip"));
  pips.setAttribute("aria-label", `The GM holds ${fear} Fear of ${FEAR_CAP}`);
}

const KINDS = { pc: "PC", adversary: "Adversary", npc: "NPC" };

function showOrder(order, words) {
  const list = $("order");
  list.replaceChildren();
  for (const entry of order) {
    const item = el("li", (entry.active ? "active " : "") + (entry.defeated ? "defeated" : ""));
    const tag = entry.active ? (words.active || "Spotlight")
      : entry.defeated ? "Defeated" : (KINDS[entry.kind] || entry.kind);
    item.append(el("span", "name", (entry.active ? "▶ " : "") + entry.name));
    item.append(el("span", "tag", tag));
    if (entry.active) item.setAttribute("aria-current", "true");
    if (entry.conditions.length) {
      item.append(el("span", "conditions", entry.conditions.join(" · ")));
    }
    list.append(item);
  }
  $("order-empty").hidden = order.length > 0;
}

function showCountdowns(countdowns) {
  $("countdowns-box").hidden = countdowns.length === 0;
  const list = $("countdowns");
  list.replaceChildren();
  for (const countdown of countdowns) {
    const item = el("li");
    const head = el("div", "head");
    head.append(el("span", "name", countdown.name));
    head.append(countdown.triggered ? el("span", "triggered", "TRIGGERED")
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

function showCharacters(characters, dice) {
  $("dice").hidden = !dice || characters.length === 0;
  const key = characters.map((c) => c.pick + "=" + c.name).join("\n");
  if (key === picks) return;  // keep the player's choice while they type
  picks = key;
  const select = $("character");
  const chosen = select.value;
  select.replaceChildren(el("option", "", "Pick your character"));
  select.firstChild.value = "";
  for (const character of characters) {
    const option = el("option", "", character.name);
    option.value = character.pick;
    select.append(option);
  }
  select.value = characters.some((c) => c.pick === chosen) ? chosen : "";
}

function announceChanges(view, words) {
  const active = view.order.find((entry) => entry.active);
  const before = last && last.order.find((entry) => entry.active);
  if (active && (!before || before.name !== active.name || last.round !== view.round)) {
    announce(`Round ${view.round}: ${active.name} has the ${(words.active || "spotlight").toLowerCase()}.`);
  }
}

function number(input) {
  const text = input.value.trim();
  if (text === "") return null;
  const value = Number(text);
  return Number.isInteger(value) ? value : text;  // the server says what is wrong with text
}

function send(event) {
  event.preventDefault();
  const table = document.querySelector("input[name=how]:checked").value === "table";
  const roll = {
    type: "roll",
    pick: $("character").value,
    modifier: number($("modifier")) ?? 0,
    hope: table ? number($("hope")) : null,
    fear: table ? number($("fear-die")) : null,
  };
  if (!roll.pick) { answer("Pick your character first.", "refused"); $("character").focus(); return; }
  if (table && (roll.hope === null || roll.fear === null)) {
    answer("Give both dice: Hope and Fear.", "refused");
    return;
  }
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    answer("Not connected to the GM right now: try again in a moment.", "refused");
    return;
  }
  $("send").disabled = true;
  socket.send(JSON.stringify(roll));
}

function chooseHow() {
  const table = document.querySelector("input[name=how]:checked").value === "table";
  $("table-dice").hidden = !table;
}

document.addEventListener("DOMContentLoaded", () => {
  $("roll-form").addEventListener("submit", send);
  for (const radio of document.querySelectorAll("input[name=how]")) {
    radio.addEventListener("change", chooseHow);
  }
  // A phone that wakes or comes back online reconnects at once, not at the next retry.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { retry = 500; connect(); }
  });
  window.addEventListener("online", () => { retry = 500; connect(); });
  connect();
});
