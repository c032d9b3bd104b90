/**
 * The user an image runs as when the pod spec sets none, for the images whose
 * Dockerfile we read: Dynamo's vLLM and SGLang runtime images create `dynamo`
 * with uid 1000 and end on `USER dynamo` (ai-dynamo/dynamo
 * container/templates/vllm_runtime.Dockerfile and sglang_runtime.Dockerfile;
 * references/gpu-isolation.md). Other images: unknown.
 */
export const DYNAMO_RUNTIME_UID = 1000;

const DYNAMO_RUNTIME = /(^|\/)ai-dynamo\/(vllm|sglang)-runtime(:|@|$)/;

/**
 * Who a container runs as: its runAsUser, else its image's known user, else (uid not known) a
 * non-root user when `runAsNonRoot: true` (the kubelet refuses to start it as uid 0); undefined when
 * none of them says.
 */
export function userOf(
  runAsUser: number | undefined,
  image: string | undefined,
  runAsNonRoot?: boolean,
): { uid?: number; from: string } | undefined {
  if (runAsUser !== undefined) return { uid: runAsUser, from: 'securityContext.runAsUser' };
  if (image && DYNAMO_RUNTIME.test(image))
    return { uid: DYNAMO_RUNTIME_UID, from: 'the Dynamo runtime image (USER dynamo)' };
  if (runAsNonRoot) return { from: 'securityContext.runAsNonRoot' };
  return undefined;
}
