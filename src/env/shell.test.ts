import { describe, expect, it } from 'vitest';
import { shellAssignments, shellRejectedOperand, shellScript } from './shell.js';

describe('shellAssignments', () => {
  it('finds export statements, several per line, quoted and unquoted', () => {
    const script = [
      'set -e',
      'export UCX_TLS=rc_x,cuda_copy NCCL_IB_HCA="mlx5_0,mlx5_1"',
      "export UCX_NET_DEVICES='mlx5_0:1' && ulimit -l unlimited",
      'exec python3 -m dynamo.vllm --model x',
    ].join('\n');
    expect(shellAssignments(script)).toEqual([
      { name: 'UCX_TLS', value: 'rc_x,cuda_copy', visible: true, kind: 'export' },
      { name: 'NCCL_IB_HCA', value: 'mlx5_0,mlx5_1', visible: true, kind: 'export' },
      { name: 'UCX_NET_DEVICES', value: 'mlx5_0:1', visible: true, kind: 'export' },
    ]);
  });

  it('finds inline assignments before a command and after env', () => {
    expect(
      shellAssignments(
        'NCCL_DEBUG=INFO UCX_LOG_LEVEL=info python3 -m dynamo.sglang; env -u FOO NCCL_IB_DISABLE=0 ./run',
      ),
    ).toEqual([
      { name: 'NCCL_DEBUG', value: 'INFO', visible: true, kind: 'inline' },
      { name: 'UCX_LOG_LEVEL', value: 'info', visible: true, kind: 'inline' },
      { name: 'NCCL_IB_DISABLE', value: '0', visible: true, kind: 'inline' },
    ]);
  });

  it('marks values computed at run time as not visible', () => {
    const script =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a JS template
      'export UCX_NET_DEVICES=$(ls /sys/class/infiniband | head -1):1\nexport NCCL_SOCKET_IFNAME="${IFACE:-eth0}"\nexport A=`hostname`';
    expect(shellAssignments(script)).toEqual([
      {
        name: 'UCX_NET_DEVICES',
        visible: false,
        expr: '$(ls /sys/class/infiniband | head -1):1',
        kind: 'export',
      },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a JS template
      { name: 'NCCL_SOCKET_IFNAME', visible: false, expr: '${IFACE:-eth0}', kind: 'export' },
      { name: 'A', visible: false, expr: '`hostname`', kind: 'export' },
    ]);
  });

  it('exports a plain shell variable only when it is exported later or under set -a', () => {
    expect(shellAssignments('UCX_TLS=tcp\necho hi\nexport UCX_TLS')).toEqual([
      { name: 'UCX_TLS', value: 'tcp', visible: true, kind: 'export' },
    ]);
    expect(shellAssignments('UCX_TLS=tcp\npython3 x.py')).toEqual([]);
    expect(shellAssignments('set -a\nNCCL_IB_DISABLE=1\nset +a\nUCX_TLS=tcp')).toEqual([
      { name: 'NCCL_IB_DISABLE', value: '1', visible: true, kind: 'export' },
    ]);
  });

  it('ignores comments, here-document bodies and words that only look like assignments', () => {
    const script = [
      '# export UCX_TLS=tcp',
      'cat > /tmp/env.sh <<EOF',
      'export NCCL_IB_DISABLE=1',
      'EOF',
      'echo UCX_TLS=tcp 2>&1 >/dev/null',
      'python3 -c "import os; os.environ[\'X\']=1"  # export NCCL_DEBUG=INFO',
      'export NIXL_LOG_LEVEL=INFO',
    ].join('\n');
    expect(shellAssignments(script)).toEqual([
      { name: 'NIXL_LOG_LEVEL', value: 'INFO', visible: true, kind: 'export' },
    ]);
  });

  it('joins backslash-continued lines and folded YAML scripts', () => {
    expect(
      shellAssignments(
        'ulimit -l unlimited && \\\n  export UCX_RNDV_THRESH=0 \\\n  UCX_RNDV_SCHEME=get_zcopy && exec python3 -m x',
      ),
    ).toEqual([
      { name: 'UCX_RNDV_THRESH', value: '0', visible: true, kind: 'export' },
      { name: 'UCX_RNDV_SCHEME', value: 'get_zcopy', visible: true, kind: 'export' },
    ]);
  });

  it('reads declare -x and keeps assignments inside if/then blocks', () => {
    expect(
      shellAssignments(
        'if [ -d /dev/infiniband ]; then export NCCL_IB_DISABLE=0; else declare -x NCCL_IB_DISABLE=1; fi',
      ),
    ).toEqual([
      { name: 'NCCL_IB_DISABLE', value: '0', visible: true, kind: 'export' },
      { name: 'NCCL_IB_DISABLE', value: '1', visible: true, kind: 'export' },
    ]);
  });
});

describe('shellScript', () => {
  it('finds the script of sh -c / bash -lc whether it sits in command or args', () => {
    expect(shellScript(['/bin/sh', '-c', 'echo 1'])).toEqual({ script: 'echo 1', index: 2 });
    expect(shellScript(['/bin/bash', '-lc', 'set -e'])).toEqual({ script: 'set -e', index: 2 });
    expect(shellScript(['bash', '-o', 'pipefail', '-ec', 'x', 'argv0'])).toEqual({ script: 'x', index: 4 });
  });

  it('returns nothing when the command is not a shell or has no -c', () => {
    expect(shellScript(['python3', '-m', 'dynamo.sglang', 'export X=1'])).toBeUndefined();
    expect(shellScript(['bash', 'run.sh'])).toBeUndefined();
    expect(shellScript([])).toBeUndefined();
  });
});

describe('shellRejectedOperand', () => {
  it('names a --flag given where the -c script should be (bash and dash exit 2 on it)', () => {
    expect(shellRejectedOperand(['/bin/bash', '-c', '--model', 'm', '--port', '8000'])).toBe('--model');
    expect(shellRejectedOperand(['sh', '-lc', '--served-model-name', 'x'])).toBe('--served-model-name');
    expect(shellRejectedOperand(['bash', '-e', '-o', 'pipefail', '-c', '--tp', '8'])).toBe('--tp');
  });
  it('leaves a real script, `--` before the script, other programs and no -c alone', () => {
    expect(shellRejectedOperand(['/bin/bash', '-c', 'python3 -m dynamo.vllm --model m'])).toBeUndefined();
    expect(shellRejectedOperand(['bash', '-c', '--', 'exec python3 -m x'])).toBeUndefined();
    expect(shellRejectedOperand(['python3', '-m', 'dynamo.vllm', '--model', 'm'])).toBeUndefined();
    expect(shellRejectedOperand(['bash', 'run.sh', '--model', 'm'])).toBeUndefined();
    expect(shellRejectedOperand(['bash', '-c'])).toBeUndefined();
  });
});
