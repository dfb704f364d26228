"""The teaching layer: exercise checks, figures and widgets for the notebooks.

``exercise`` is the framework every check uses (``TODO``, "not done yet",
plain-words failures, a notebook's ``Workbook`` of exercises with tries,
tiered hints, ``show_answer`` and ``progress``), helped by ``own_work``
(the calls of library functions counted while a learner's function or answer cell runs) and
``fresh_inputs`` (inputs the notebook never printed); ``not_done_report``
(the pytest plugin that names an unfinished exercise); ``prose`` makes a
sentence from live values; ``style`` holds the colours, figure and button
settings all topics share; ``figures`` gives every figure its text alternative
(a summary with its key values, the data as a table) and the display bundle that
shows it; ``frames`` turns the core's results into
DataFrames; ``disk_cache`` keeps a slow result (a trained sweep, a trained
model) in the data cache folder for the next run. Then one subpackage per notebook topic, each with ``checks``,
``plots`` and ``widgets`` modules as the notebook needs:

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
=========================  ===================================

For teachers: ``progress_file`` keeps each notebook's progress in a file beside it;
``answers`` says where ``show_answer`` finds the worked answers (never in the package:
with the solutions, or in a release) and ``answer_search`` looks for them in a folder;
``authoring`` is the public exercise API for a teacher's own notebook; ``commands`` holds
``wordpiece classroom ...`` (release, progress, grade, export); ``grading`` grades submitted
notebooks outside the student's kernel and exports them to nbgrader and otter-grader.

The classroom reads the library (``wordpiece_lib``'s core); the core never
imports the classroom, pandas, matplotlib or ipywidgets.
"""
