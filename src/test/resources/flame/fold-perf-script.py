import sys, re, collections, os
counts = collections.Counter()
comm = None; frames = []
def flush():
    global frames, comm
    if comm is not None:
        counts[";".join([comm] + frames[::-1])] += 1
    comm = None; frames = []
for line in open(sys.argv[1], errors='replace'):
    line = line.rstrip("\n")
    if line.startswith("#"): continue
    if not line.strip():
        flush(); continue
    if not line[0].isspace():
        flush(); comm = line.split()[0]; continue
    m = re.match(r"\s*[0-9a-f]+ (.*) \((.*)\)$", line)
    if not m: continue
    sym, mod = m.group(1), m.group(2)
    sym = re.sub(r"\+0x[0-9a-f]+$", "", sym)
    if sym == "[unknown]":
        sym = "[" + os.path.basename(mod) + "]" if mod != "[unknown]" else "[unknown]"
    i = sym.find("(")
    if i > 0 and not sym.startswith("(anonymous"): sym = sym[:i]
    sym = sym.replace(";", ":")
    if mod.startswith("[kernel") or mod.endswith("vmlinux"): sym += "_[k]"
    frames.append(sym)
flush()
for k in sorted(counts): print(k, counts[k])
