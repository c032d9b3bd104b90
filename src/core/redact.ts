/** Variable names whose values are never printed. */
const SECRET_NAME = /(TOKEN|KEY|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)/i;
/** Values that look like credentials even under an innocent name. */
const SECRET_VALUE = [
  /^hf_[A-Za-z0-9]{20,}$/, // Hugging Face token
  /^gh[pousr]_[A-Za-z0-9]{20,}$/, // GitHub token
  /^(sk|pk|rk)-[A-Za-z0-9_-]{16,}$/, // API keys of several vendors
  /^AKIA[0-9A-Z]{16}$/, // AWS access key id
  /^eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*$/, // JWT
  /^xox[abprs]-[A-Za-z0-9-]{10,}$/, // Slack
];

export const REDACTED = '<redacted>';

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function looksLikeSecret(value: string): boolean {
  const v = value.trim();
  return SECRET_VALUE.some((re) => re.test(v));
}

/** The value to show for a variable: redacted when its name or its shape says secret. */
export function redactValue(name: string, value: string): string {
  return isSecretName(name) || looksLikeSecret(value) ? REDACTED : value;
}

/** Redacts token-like words inside free text (log lines, commands). */
export function redactText(text: string): string {
  return text
    .replace(
      /\b([A-Za-z0-9_]*(?:TOKEN|KEY|SECRET|PASSWORD|PASSWD)[A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S+)/gi,
      `$1=${REDACTED}`,
    )
    .replace(/\b(?:hf|gh[pousr])_[A-Za-z0-9]{20,}\b/g, REDACTED)
    .replace(/\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g, REDACTED)
    .replace(/(Authorization:\s*Bearer\s+)\S+/gi, `$1${REDACTED}`);
}

/**
 * A URL (or text holding URLs) with the user:password of each `scheme://user:pass@host`
 * replaced, so a --pushgateway http://user:pass@gw:9091 can be named in a message.
 */
export function redactUrl(text: string): string {
  return redactText(text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, `$1${REDACTED}@`));
}
