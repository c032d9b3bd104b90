import { Command, Option } from 'commander';
import { addClusterOptions } from '../pair/flags.js';
import { addOutputOptions, type CliContext } from './context.js';

export function pairCommand(ctx: CliContext): Command {
  const cmd = new Command('pair')
    .description(
      'Measure a real KV-cache-style transfer between an initiator (prefill) and a target (decode)',
    )
    .option('--local', 'run both sides as two processes on this host (no cluster needed)')
    .addOption(
      new Option(
        '--engine <engine>',
        "transfer tool: nixlbench when the image has it, else nixl (our probe on NIXL's Python API) when python imports nixl, else ucx_perftest (cluster: --dgd asks the live worker pod; otherwise a Dynamo runtime image or none means nixl)",
      )
        .choices(['auto', 'nixlbench', 'nixl', 'ucx_perftest'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'intra-node: GPU memory on both sides (VRAM, cuda_ipc/NVLink); default host memory',
      ).choices(['cross-node', 'intra-node']),
    )
    .option(
      '--sizes <list>',
      'message sizes, e.g. 4K,64K,1M,16M,64M (nixlbench sweeps smallest..largest, doubling)',
    )
    .option(
      '--iters <n>',
      'iterations per size (default: ~512 MiB per size for ucx_perftest, 100 for nixlbench)',
    )
    .option('--timeout <duration>', 'wall-clock limit for the whole run, e.g. 90s, 5m', '5m')
    .option('--min-bandwidth <GB/s>', 'fail when the peak bandwidth is below this many GB/s (10^9 bytes/s)')
    .option('--ucx-tls <list>', 'set UCX_TLS for both sides, e.g. tcp to force the TCP path')
    .addOption(
      new Option(
        '--nixlbench-runtime <runtime>',
        'nixlbench rendezvous: etcd (started on loopback) or ASIO (nixl ≥ 1.1)',
      )
        .choices(['auto', 'etcd', 'asio'])
        .default('auto'),
    );
  addClusterOptions(cmd);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runPair } = await import('./actions/pair.js');
    await runPair(ctx, raw);
  });
  return cmd;
}
