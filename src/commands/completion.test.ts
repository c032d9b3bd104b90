import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionScript, describeProgram } from './completion.js';

function program(): Command {
  const p = new Command('interconnect-test').option('--debug', 'print stack traces');
  p.addCommand(
    new Command('probe')
      .description('Probe things: on this host')
      .addOption(new Option('--color-mode <mode>', 'how [loud] it is').choices(['loud', 'quiet']))
      .option('--kubeconfig <file>', "a file: it's read"),
  );
  return p;
}

describe('completion scripts come from commander', () => {
  it('a flag declared on a command completes, with its choices, in every shell', () => {
    const p = program();
    const bash = completionScript(p, 'bash');
    expect(bash).toContain('--color-mode) COMPREPLY=($(compgen -W "loud quiet" -- "$cur")); return ;;');
    expect(bash).toContain('--kubeconfig) COMPREPLY=($(compgen -f -- "$cur")); return ;;');
    expect(bash).toContain('opts="--color-mode --kubeconfig -h --help"');
    const zsh = completionScript(p, 'zsh');
    expect(zsh).toContain("'*--color-mode[how loud it is]:value:(loud quiet)'");
    expect(zsh).toContain("'*--kubeconfig[a file]:value:_files'");
    expect(zsh).toContain("'probe:Probe things'");
    const fish = completionScript(p, 'fish');
    expect(fish).toContain(
      "complete -c interconnect-test -n '__fish_seen_subcommand_from probe' -l color-mode -x -a 'loud quiet' -d 'how loud it is'",
    );
  });

  it('a command added later is in the script without editing it', () => {
    const p = program();
    p.addCommand(new Command('later').description('Added later').option('--soon', 'a flag'));
    expect(describeProgram(p).subs.map((s) => s.name)).toEqual(['probe', 'later']);
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const s = completionScript(p, shell);
      expect(s, shell).toContain('later');
      expect(s, shell).toMatch(/--soon|-l soon/);
    }
  });
});
