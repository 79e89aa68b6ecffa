"""Learned value of the Sì Sè Pái `strong` level: logistic P(win) over strong.FEATURES.

An experiment (the "+ ready outs" line of docs/ai.md, not better than the level): the rows of
    python -m scripts.train_sisepai_strong --games 3000 --rounds 1 --seed 7
fitted on every feature but discard_unseen, discard_unseen_x_late, discard_mixed_open and
hand_score_sq (their weights 0).
"""

INTERCEPT = -4.3718664157617795
WEIGHTS = {
    "hand_score": 0.28305924969677354,
    "exposed_points": 0.03309585025635389,
    "win_outs": 0.2846107558047122,
    "identical_outs": 0.011947013708358921,
    "identical_gain": 0.05624757224214309,
    "mixed_outs": 0.02554717766695668,
    "mixed_gain": -0.0015338434436653157,
    "single_outs": 0.09993505694423534,
    "single_gain": 0.014702436096514185,
    "stock": 1.7564036003930505,
    "win_outs_x_stock": -0.1260905373440699,
    "identical_gain_x_stock": 0.0706384054331612,
    "mixed_gain_x_stock": 0.01897476244200055,
    "ready": 0.33078478999264926,
    "hand_score_x_stock": 0.30605643582505176,
    "discard_danger": 0.0324806193529935,
    "ready_outs": 0.04892311063107847,
    "ready_outs_x_stock": -0.0352814567081619,
    "discard_unseen": 0.0,
    "discard_unseen_x_late": 0.0,
    "discard_mixed_open": 0.0,
    "hand_score_sq": 0.0,
}
