"""The fight, as the GM runs it: the spotlight order, the adversary cards, countdowns, Fear,
the scene, the environment, rests, and (in ``rolls``) every roll and its outcome."""
