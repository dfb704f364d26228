NOTEBOOK = "notebooks/10_model_inputs.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
PI = '''def my_pair_input(first, second):
    tokens = ["[CLS]", *first, "[SEP]", *second, "[SEP]"]
    types = [0] * (len(first) + 2) + [1] * (len(second) + 1)
    return tokens, types'''
HFV = "from tokenizers import Tokenizer as _T, models as _m, normalizers as _n, pre_tokenizers as _p\n_h = _T(_m.WordPiece({t: i for i, t in enumerate(tokenizer.vocab.tokens)}, unk_token='[UNK]'))\n_h.normalizer = _n.BertNormalizer(lowercase=True)\n_h.pre_tokenizer = _p.BertPreTokenizer()\n"
DEC = "tokens_to_decode = ['pieces', 'of', 'eight', '!', 'it', \"'\", 's', 'flint', \"'s\", 'par', '##rot', '.']\n"
EXERCISES = [
 dict(name="rum_offsets", stub=15, check=16, attempts=[
  (W, "zero-width space not counted", "rum_offsets = (26, 29)"),
  (W, "1-based", "rum_offsets = (28, 31)"),
  (W, "inclusive end", "rum_offsets = (27, 29)"),
  (W, "start and length", "rum_offsets = (27, 3)"),
  (W, "includes the !", "rum_offsets = (27, 31)"),
  (W, "off by one start", "rum_offsets = (26, 30)"),
  (W, "the space before too", "rum_offsets = (26, 30)"),
  (W, "list", "rum_offsets = [27, 30]"),
  (S, "str.find in answer cell", "rum_offsets = (treasure_text.find('RÚM'), treasure_text.find('RÚM') + 3)"),
  (S, "encode_plus in answer cell", "_e = tokenizer.encode_plus(treasure_text)\nrum_offsets = _e.offsets[_e.tokens.index('rum')]"),
  (S, "HF offsets earlier via variable", [HFV + "_he = _h.encode(treasure_text)\n_ro = _he.offsets[_he.tokens.index('rum')]", "rum_offsets = _ro"]),
  (S, "regex earlier, typed", ("(lambda m: (m.start(), m.end()))(__import__('re').search('RÚM', treasure_text))", "rum_offsets = {v}")),
  (C, "right typed", "rum_offsets = (27, 30)"),
 ]),
 dict(name="my_pair_input", stub=24, check=25, attempts=[
  (W, "last [SEP] type 0", PI.replace("[1] * (len(second) + 1)", "[1] * len(second) + [0]")),
  (W, "no final [SEP]", PI.replace(', "[SEP]"]', ']').replace("[1] * (len(second) + 1)", "[1] * len(second)")),
  (W, "first [SEP] type 1", PI.replace("[0] * (len(first) + 2) + [1] * (len(second) + 1)", "[0] * (len(first) + 1) + [1] * (len(second) + 2)")),
  (W, "all type 0", PI.replace("[1] * (len(second) + 1)", "[0] * (len(second) + 1)")),
  (W, "[SEP] at the start", PI.replace('["[CLS]", *first', '["[SEP]", *first')),
  (W, "tuple returned as tokens+types joined", PI.replace("return tokens, types", "return list(zip(tokens, types))")),
  (W, "RoBERTa style double sep", PI.replace('"[SEP]", *second', '"[SEP]", "[SEP]", *second').replace("[1] * (len(second) + 1)", "[1] * (len(second) + 2)")),
  (W, "types 1 and 2", PI.replace("[0] * (len(first) + 2) + [1] * (len(second) + 1)", "[1] * (len(first) + 2) + [2] * (len(second) + 1)")),
  (S, "library encode_plus on joined tokens", "def my_pair_input(first, second):\n    e = tokenizer.encode_plus(' '.join(first).replace(' ##', ''), ' '.join(second).replace(' ##', ''))\n    return list(e.tokens), list(e.type_ids)"),
  (S, "HF TemplateProcessing", '''from tokenizers import Tokenizer as _T, models as _m, processors as _pr
def my_pair_input(first, second):
    v = {"[UNK]": 0, "[CLS]": 1, "[SEP]": 2}
    for t in [*first, *second]:
        v.setdefault(t, len(v))
    h = _T(_m.WordLevel(v, unk_token="[UNK]"))
    h.post_processor = _pr.TemplateProcessing(single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", 1), ("[SEP]", 2)])
    e = h.encode(list(first), list(second), is_pretokenized=True)
    return e.tokens, e.type_ids'''),
  (C, "right", PI),
 ]),
 dict(name="kept", stub=33, check=34, attempts=[
  (W, "specials forgotten", "kept = (16, 8)"),
  (W, "two specials", "kept = (14, 8)"),
  (W, "swapped", "kept = (8, 13)"),
  (W, "split evenly", "kept = (11, 10)"),
  (W, "only_second", "kept = (21, 0)"),
  (W, "no truncation", "kept = (30, 8)"),
  (W, "off by one", "kept = (12, 8)"),
  (W, "list", "kept = [13, 8]"),
  (S, "library truncation in answer cell", "tokenizer.truncation = Truncation(24)\n_tp = tokenizer.encode_plus(' '.join('a' * 30), ' '.join('b' * 8))\ntokenizer.truncation = None\nkept = (_tp.type_ids.count(0) - 2, _tp.type_ids.count(1) - 1)"),
  (S, "HF truncation earlier via variable", [HFV + "from tokenizers import processors as _pr\n_h.post_processor = _pr.BertProcessing(('[SEP]', tokenizer.vocab.tokens.index('[SEP]')), ('[CLS]', tokenizer.vocab.tokens.index('[CLS]')))\n_h.enable_truncation(24)\n_he = _h.encode(' '.join('a' * 30), ' '.join('b' * 8))\n_k = (_he.type_ids.count(0) - 2, _he.type_ids.count(1) - 1)", "kept = _k"]),
  (C, "right typed", "kept = (13, 8)"),
 ]),
 dict(name="decoded", stub=41, check=42, attempts=[
  (W, "no clean-up", ("' '.join(tokens_to_decode).replace(' ##', '')", DEC + "decoded = {v}")),
  (W, "whole-string clean-up", ("' '.join(tokens_to_decode).replace(' ##', '').replace(' .', '.').replace(' !', '!').replace(\" ' \", \"'\").replace(\" 's\", \"'s\")", DEC + "decoded = {v}")),
  (W, "## kept", ("' '.join(tokens_to_decode).replace(' .', '.').replace(' !', '!').replace(\" 's\", \"'s\")", DEC + "decoded = {v}")),
  (W, "capitalised", ("tokenizer.decoder.decode(tokens_to_decode).capitalize()", DEC + "decoded = {v}")),
  (W, "trailing space", ("tokenizer.decoder.decode(tokens_to_decode) + ' '", DEC + "decoded = {v}")),
  (W, "'s not cleaned", ("tokenizer.decoder.decode(tokens_to_decode).replace(\"flint's\", \"flint 's\")", DEC + "decoded = {v}")),
  (W, "list of words", ("tokenizer.decoder.decode(tokens_to_decode).split()", DEC + "decoded = {v}")),
  (S, "decoder in answer cell", DEC + "decoded = tokenizer.decoder.decode(tokens_to_decode)"),
  (S, "HF WordPiece decoder", DEC + "from tokenizers import decoders as _hd\ndecoded = _hd.WordPiece().decode(tokens_to_decode)"),
  (S, "HF decoder earlier via variable", ["from tokenizers import decoders as _hd\n_dd = _hd.WordPiece().decode(tokens_to_decode)", DEC + "decoded = _dd"]),
  (S, "transformers BertTokenizerFast decode, typed", ("__import__('tokenizers').decoders.WordPiece().decode(tokens_to_decode)", DEC + "decoded = {v}")),
  (C, "right typed", ("tokenizer.decoder.decode(tokens_to_decode)", DEC + "decoded = {v}")),
 ]),
]
