## The recap as Markdown (exchange/recap_text.py): every value through md(), which escapes it.
# ${recap.title | md}

${recap.system | md} · ${recap.campaign | md}${"" if recap.session is None else f" · session {recap.session}"}${" · the players' version" if recap.players else ""}
% if not recap.encounters:

Nothing was played in this session.
% endif
% for fight in recap.encounters:

${"##"} ${fight.name | md}

${fight.rounds} round${"" if fight.rounds == 1 else "s"}${"" if fight.finished else " (not finished)"}
% if fight.kept_from_before:

*${fight.kept_from_before | md}*
% endif
% if fight.acted:

${"###"} Who acted

% for acted in fight.acted:
- Round ${acted.round}: ${", ".join(md(name) for name in acted.names) or "nobody"}
% endfor
% endif
% if fight.defeated:

${"###"} Defeated

% for defeat in fight.defeated:
- ${defeat.name | md}${" (a PC, down)" if defeat.pc else ""}${f", by {md(defeat.by)}" if defeat.by else f", by whom is not known; {md(defeat.spotlight)} had the spotlight" if defeat.spotlight else ", by whom is not known"}${f" (round {defeat.round})" if defeat.round else ""}
% endfor
% endif
% if fight.fear is not None:

${"###"} ${recap.fear_word | md}

Gained ${fight.fear_gained}, spent ${fight.fear_spent}.
% if fight.fear:

% for line in fight.fear:
- ${signed(line.change)} ${line.reason | md}${f" ({md(line.note)})" if line.note else ""}: ${line.value} after
% endfor
% endif
% endif
% if fight.countdowns:

${"###"} Countdowns

% for line in fight.countdowns:
- ${line.name | md} ${line.event}${f" at {md(line.start)}" if line.start else ""}${f" (round {line.round})" if line.round else ""}
% endfor
% endif
% if fight.criticals:

${"###"} Critical successes

% for roll in fight.criticals:
- ${roll.text | md}
% endfor
% endif
% if fight.rolls:

${"###"} The players' rolls

% for roll in fight.rolls:
- ${roll.text | md}${f" ({md(roll.dice)})" if roll.dice else ""}${" **critical**" if roll.critical else ""}
% endfor
% endif
% if fight.rests:

${"###"} Rests

% for rest in fight.rests:
- ${rest | md}
% endfor
% endif
% endfor
