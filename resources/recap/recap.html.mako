## The recap as a printable page (exchange/recap_text.py). Every ${} is escaped: the lookup's
## default filters end with h. Styles inline, nothing fetched: it prints and reads offline.
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${recap.title}</title>
<style>
  :root { color-scheme: light; }
  body { font: 16px/1.5 Georgia, "Times New Roman", serif; color: #1d1d1f; background: #fdfcf8;
         max-width: 46rem; margin: 2rem auto; padding: 0 1.25rem; }
  h1 { font-size: 1.9rem; margin: 0 0 .2rem; }
  h2 { font-size: 1.4rem; margin: 2rem 0 .3rem; border-bottom: 2px solid #8a6d3b;
       padding-bottom: .15rem; }
  h3 { font: 600 .95rem/1.3 system-ui, sans-serif; text-transform: uppercase;
       letter-spacing: .06em; color: #6b4f1d; margin: 1.2rem 0 .3rem; }
  .meta { color: #555; font-style: italic; margin: 0 0 1rem; }
  .kept { background: #f3eee2; border-left: 4px solid #c9b38a; padding: .4rem .7rem; }
  ul { margin: .2rem 0; padding-left: 1.3rem; }
  li { margin: .1rem 0; }
  .round { font-weight: 600; }
  .crit { font: 600 .8rem system-ui, sans-serif; color: #fff; background: #8a3b3b;
          border-radius: .25rem; padding: 0 .3rem; }
  .dice { color: #555; font-size: .9em; }
  .gain { color: #2f6b2f; } .spend { color: #8a3b3b; }
  @media print {
    body { background: #fff; color: #000; margin: 0; max-width: none; font-size: 11pt; }
    h2 { break-after: avoid; page-break-after: avoid; }
    section.fight { break-inside: avoid-page; }
    li { break-inside: avoid; }
    .crit { color: #000; background: none; border: 1px solid #000; }
    .kept { background: none; }
  }
</style>
</head>
<body>
<header>
<h1>${recap.title}</h1>
<p class="meta">${recap.system} · ${recap.campaign}\
% if recap.session is not None:
 · session ${recap.session}\
% endif
% if recap.players:
 · the players' version\
% endif
</p>
</header>
% if not recap.encounters:
<p>Nothing was played in this session.</p>
% endif
% for fight in recap.encounters:
<section class="fight">
<h2>${fight.name}</h2>
<p class="meta">${fight.rounds} round${"" if fight.rounds == 1 else "s"}${"" if fight.finished else " (not finished)"}</p>
% if fight.kept_from_before:
<p class="kept">${fight.kept_from_before}</p>
% endif
% if fight.acted:
<h3>Who acted</h3>
<ul>
% for acted in fight.acted:
<li><span class="round">Round ${acted.round}:</span> ${", ".join(acted.names) or "nobody"}</li>
% endfor
</ul>
% endif
% if fight.defeated:
<h3>Defeated</h3>
<ul>
% for defeat in fight.defeated:
<li>${defeat.name}${" (a PC, down)" if defeat.pc else ""}${f", by {defeat.by}" if defeat.by else f", by whom is not known; {defeat.spotlight} had the spotlight" if defeat.spotlight else ", by whom is not known"}${f" (round {defeat.round})" if defeat.round else ""}</li>
% endfor
</ul>
% endif
% if fight.fear is not None:
<h3>${recap.fear_word}</h3>
<p>Gained <span class="gain">${fight.fear_gained}</span>, spent <span class="spend">${fight.fear_spent}</span>.</p>
% if fight.fear:
<ul>
% for line in fight.fear:
<li><span class="${"gain" if line.change > 0 else "spend"}">${signed(line.change)}</span> ${line.reason}${f" ({line.note})" if line.note else ""}: ${line.value} after</li>
% endfor
</ul>
% endif
% endif
% if fight.countdowns:
<h3>Countdowns</h3>
<ul>
% for line in fight.countdowns:
<li>${line.name} ${line.event}${f" at {line.start}" if line.start else ""}${f" (round {line.round})" if line.round else ""}</li>
% endfor
</ul>
% endif
% if fight.criticals:
<h3>Critical successes</h3>
<ul>
% for roll in fight.criticals:
<li><span class="crit">critical</span> ${roll.text}</li>
% endfor
</ul>
% endif
% if fight.rolls:
<h3>The players' rolls</h3>
<ul>
% for roll in fight.rolls:
<li>${roll.text}\
% if roll.dice:
 <span class="dice">(${roll.dice})</span>\
% endif
% if roll.critical:
 <span class="crit">critical</span>\
% endif
</li>
% endfor
</ul>
% endif
% if fight.rests:
<h3>Rests</h3>
<ul>
% for rest in fight.rests:
<li>${rest}</li>
% endfor
</ul>
% endif
</section>
% endfor
</body>
</html>
