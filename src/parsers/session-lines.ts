/**
 * Lines the session around a tool prints into a paste, never the tool (issue 38, principle 1: read what is there;
 * such a line is neither the tool's output nor evidence about the fabric). Each is one program's fixed text
 * (references/read-shapes.md, "Session lines"):
 * - bash's locale warning, `bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)` (bash locale.c,
 *   `internal_warning(_("setlocale: %s: cannot change locale (%s): %s"), …)`; before 4.4 without the strerror
 *   part), also as `-bash:` (a login shell) or with the shell's path;
 * - sudo's `sudo: unable to resolve host <name>` (sudo.c `log_error(…, "unable to resolve host %s", user_host)`,
 *   1.9 adds `: <gai_strerror>`) and its default prompt `[sudo] password for <user>: ` (sudo's PASSPROMPT);
 * - ssh's `Warning: Permanently added '<host>' (<key type>) to the list of known hosts.` (openssh sshconnect.c)
 *   and `Connection to <host> closed.` (openssh clientloop.c `"Connection to %.64s closed.\r\n"`, `closed by
 *   remote host.` when the server ends it).
 */
const SESSION: readonly RegExp[] = [
  /^(?:\S*\/)?-?(?:ba)?sh: warning: setlocale: \w+: cannot change locale \([^)]*\)(?:: .*)?$/,
  /^sudo: unable to resolve host \S+?(?:: .*)?$/,
  /^\[sudo\] password for [^\s:]+:\s*$/,
  /^Warning: Permanently added .+ to the list of known hosts\.$/,
  /^Connection to \S+ closed(?: by remote host)?\.$/,
];

/** Is this line the session's (the shell, sudo, ssh), not the output of the tool pasted? */
export function isSessionLine(text: string): boolean {
  const t = text.trim();
  return t !== '' && SESSION.some((re) => re.test(t));
}
