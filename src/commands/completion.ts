import { Argument, Command, type Option } from 'commander';
import type { CliContext } from './context.js';
import { withExamples } from './help.js';

/**
 * `completion bash|zsh|fish`: a shell completion script built from the program's own
 * commands and options (commander's lists), so a new flag completes without a hand-kept list.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The flags whose values `__complete` finds in the kubeconfig or the cluster (complete.ts). */
const DYNAMIC = ['--context', '--namespace', '--prefill-node', '--decode-node', '--nodes', '--pod'];

/** The names the program runs under: the tool itself and the kubectl plugin. */
const NAMES = ['interconnect-test', 'kubectl-interconnect_test'];

interface Flag {
  short?: string;
  long?: string;
  about: string;
  /**
   * Takes a value; `choices` when commander knows them, `files` when it names a file or path,
   * `dynamic` when the hidden `__complete` command looks it up (contexts, namespaces, nodes, pods).
   */
  value?: { choices?: string[]; files: boolean; dynamic?: boolean };
}

interface Sub {
  name: string;
  about: string;
  flags: Flag[];
}

/** One line of help, for a completion menu: its first clause, without characters shells treat specially. */
function about(text: string): string {
  const first = text.split(/(?<=[.;:])\s|\s\(/)[0] ?? text;
  const clean = first
    .replace(/[[\]]/g, '')
    .replace(/[:`$"\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > 70 ? `${clean.slice(0, 69)}…` : clean;
}

function flagOf(o: Option): Flag {
  const f: Flag = { about: about(o.description) };
  if (o.short) f.short = o.short;
  if (o.long) f.long = o.long;
  if (o.required || o.optional)
    f.value = {
      ...(o.argChoices ? { choices: [...o.argChoices] } : {}),
      files: /file|path|kubeconfig|policy|recipe/i.test(`${o.flags} ${o.long ?? ''}`),
      ...(DYNAMIC.includes(o.long ?? '') ? { dynamic: true } : {}),
    };
  return f;
}

function flagsOf(cmd: Command): Flag[] {
  return [...cmd.options.map(flagOf), { short: '-h', long: '--help', about: 'display help' }];
}

/** The program's subcommands and their flags, read from commander. */
export function describeProgram(program: Command): { globals: Flag[]; subs: Sub[] } {
  return {
    globals: flagsOf(program),
    subs: program.commands.map((c) => ({ name: c.name(), about: about(c.description()), flags: flagsOf(c) })),
  };
}

const names = (f: Flag) => [f.short, f.long].filter((n): n is string => !!n);

function bash(p: { globals: Flag[]; subs: Sub[] }): string {
  const cases = p.subs.map((s) => {
    const values = s.flags
      .filter((f) => f.value)
      .map((f) => {
        const reply = f.value?.choices
          ? `COMPREPLY=($(compgen -W "${f.value.choices.join(' ')}" -- "$cur"))`
          : f.value?.dynamic
            ? 'COMPREPLY=($(_interconnect_test_dynamic))'
            : f.value?.files
              ? 'COMPREPLY=($(compgen -f -- "$cur"))'
              : 'COMPREPLY=()';
        return `        ${names(f).join('|')}) ${reply}; return ;;`;
      });
    return [
      `    ${s.name})`,
      `      case "$prev" in`,
      ...values,
      '      esac',
      `      opts="${s.flags.flatMap(names).join(' ')}" ;;`,
    ].join('\n');
  });
  return `# ${NAMES[0]} completion for bash: source <(${NAMES[0]} completion bash)
# Values from the kubeconfig or the cluster (and read's tools) come from the hidden __complete command.
_interconnect_test_dynamic() {
  "\${COMP_WORDS[0]}" __complete "\${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" 2>/dev/null |
    while IFS=$'\t' read -r value _; do [[ "$value" == :* ]] || printf '%s\n' "$value"; done
}
_interconnect_test() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" opts="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      -*) ;;
      *) cmd="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$cmd" in
    "")
      COMPREPLY=($(compgen -W "${[...p.subs.map((s) => s.name), ...p.globals.flatMap(names)].join(' ')}" -- "$cur"))
      return ;;
${cases.join('\n')}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(_interconnect_test_dynamic))
    ((\${#COMPREPLY[@]})) || COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o default -F _interconnect_test ${NAMES.join(' ')}
`;
}

/** A zsh `_arguments` spec for one flag name. */
function zshSpec(f: Flag, name: string): string {
  const value = f.value
    ? `:value:${f.value.choices ? `(${f.value.choices.join(' ')})` : f.value.dynamic ? '_interconnect_test_dynamic' : f.value.files ? '_files' : ' '}`
    : '';
  return `'${f.value ? '*' : ''}${name}[${f.about.replace(/'/g, "'\\''")}]${value}'`;
}

function zsh(p: { globals: Flag[]; subs: Sub[] }): string {
  const specs = (flags: Flag[]) => flags.flatMap((f) => names(f).map((n) => zshSpec(f, n)));
  const subs = p.subs.map((s) =>
    [
      `        ${s.name})`,
      `          _arguments -s ${specs(s.flags).join(' \\\n            ')} \\`,
      "            '*:file:_files' ;;",
    ].join('\n'),
  );
  return `#compdef ${NAMES.join(' ')}
# ${NAMES[0]} completion for zsh: source <(${NAMES[0]} completion zsh)
_interconnect_test_dynamic() {
  local -a items
  items=(\${(f)"$(\${service} __complete \${words[1,CURRENT-1]} \${words[CURRENT]} 2>/dev/null | grep -v '^:' | cut -f1)"})
  compadd -a items
}
_interconnect_test() {
  local -a commands
  commands=(
${p.subs.map((s) => `    '${s.name}:${s.about.replace(/'/g, "'\\''")}'`).join('\n')}
  )
  local curcontext="$curcontext" state line
  _arguments -C ${specs(p.globals).join(' ')} '1: :->command' '*:: :->args'
  case $state in
    command) _describe 'command' commands ;;
    args)
      case $line[1] in
${subs.join('\n')}
      esac ;;
  esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _interconnect_test "$@"
else
  compdef _interconnect_test ${NAMES.join(' ')}
fi
`;
}

function fishQuote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fishFlag(name: string, cond: string, f: Flag): string {
  const parts = [`complete -c ${name} -n ${fishQuote(cond)}`];
  if (f.short) parts.push(`-s ${f.short.slice(1)}`);
  if (f.long) parts.push(`-l ${f.long.slice(2)}`);
  if (f.value)
    parts.push(
      f.value.choices
        ? `-x -a ${fishQuote(f.value.choices.join(' '))}`
        : f.value.dynamic
          ? `-x -a ${fishQuote('(__interconnect_test_dynamic)')}`
          : f.value.files
            ? '-r -F'
            : '-x',
    );
  parts.push(`-d ${fishQuote(f.about)}`);
  return parts.join(' ');
}

function fish(p: { globals: Flag[]; subs: Sub[] }): string {
  const out = [
    `# ${NAMES[0]} completion for fish: ${NAMES[0]} completion fish | source`,
    'function __interconnect_test_dynamic',
    '    set -l words (commandline -opc)',
    '    command -q $words[1]; or return',
    '    command $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null | string match -v -r "^:"',
    'end',
  ];
  const subNames = p.subs.map((s) => s.name).join(' ');
  for (const name of NAMES) {
    out.push(`complete -c ${name} -f`);
    for (const f of p.globals) out.push(fishFlag(name, '__fish_use_subcommand', f));
    for (const s of p.subs) {
      out.push(
        `complete -c ${name} -n ${fishQuote(`not __fish_seen_subcommand_from ${subNames}`)} -a ${s.name} -d ${fishQuote(s.about)}`,
      );
      for (const f of s.flags) out.push(fishFlag(name, `__fish_seen_subcommand_from ${s.name}`, f));
      out.push(
        `complete -c ${name} -n ${fishQuote(`__fish_seen_subcommand_from ${s.name}`)} -F -a ${fishQuote('(__interconnect_test_dynamic)')}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** The completion script for a shell, from the program's commander tree. */
export function completionScript(program: Command, shell: Shell): string {
  const p = describeProgram(program);
  return shell === 'bash' ? bash(p) : shell === 'zsh' ? zsh(p) : fish(p);
}

export function completionCommand(ctx: CliContext): Command {
  const cmd = new Command('completion')
    .description('Print a shell completion script (bash, zsh or fish) for every command and flag')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS))
    .action((shell: Shell, _opts: unknown, self: Command) => {
      const program = self.parent ?? self;
      ctx.stdout.write(completionScript(program, shell));
      ctx.outcome = { kind: 'printed' };
    });
  return withExamples(cmd, [
    [
      'complete in this bash session (add it to ~/.bashrc to keep it)',
      'completion bash > /tmp/c.sh && source /tmp/c.sh',
    ],
    [
      'zsh and fish',
      'completion zsh > ~/.zfunc/_interconnect-test; interconnect-test completion fish | source',
    ],
  ]);
}
