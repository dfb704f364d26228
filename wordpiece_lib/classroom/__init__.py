"""The teaching layer, grouped by who uses it: the notebooks' checks, figures and widgets, and a teacher's tools.

``runtime``: what a student's kernel runs: the exercise frame (``TODO``, "not done yet", a notebook's
``Workbook`` of exercises with tries, hints, ``show_answer`` and ``progress``), the answer watch
(is the answer the learner's own work), fresh inputs, the progress file, the pytest plugin that names an unfinished exercise,
``answers`` (where ``show_answer`` finds the worked answers), ``authoring`` (the public exercise API)
and the grader's side of a submission's kernel.

``display``: the display kit every topic shares: ``style``, ``figures`` (every figure's text
alternative), ``frames`` (DataFrames), ``prose`` (sentences from live values), ``disk_cache``.

``teacher``: a teacher's tools, never loaded by a student's kernel: ``commands`` (``wordpiece
classroom release|progress|grade|export``), ``grading`` (grading outside the student's kernel, exports
to nbgrader and otter-grader) and ``answer_search``.

Then one subpackage per notebook topic, each with ``checks``, ``plots`` and ``widgets`` modules as the
notebook needs; topics use the runtime and the display kit, never each other:

=========================  ===================================
``character_splitting``    01: normalizing, splitting, ``##``
``pair_scores``            02: pair counts and scores
``merge_steps``            03: merges and training
``encoding``               04: longest match, ``[UNK]``, decoding
``top_down``               05: TensorFlow Text's learner
``bpe_comparison``         06: BPE next to WordPiece
``real_book``              07: Treasure Island end to end
``fast_encoding``          08: LinMaxMatch
``other_languages``        09: scripts, mixing, parity
``model_inputs``           10: offsets, special tokens, batches
``big_corpora``            11: streams, processes, Dask
``unigram``                12: Unigram: lattice, EM, pruning, sampling
``real_tokenizers``        13: a real tokenizer taken apart
=========================  ===================================

Old paths, kept only because notebooks already handed out import them (docs/grading.md): ``exercise``,
``own_work``, ``not_done_report``, ``authoring``, ``prose``, ``frames``, ``style`` and
``grading.fresh_checks`` each hand on the names of their new module; no module of the library imports them.

The classroom reads the library (``wordpiece_lib``'s core); the core never
imports the classroom, pandas, matplotlib or ipywidgets.
"""
