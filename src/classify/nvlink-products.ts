/**
 * NVLink per product, keyed by the name `nvidia-smi` prints ("NVIDIA H100 NVL",
 * "Tesla V100-SXM2-32GB"). Sources and the arithmetic: references/nvlink-products.md.
 *
 * - `links`: the NVLinks the GPU has (what `nvlink --status` lists when all are up).
 * - `wiring`: 'switch' = SXM/HGX board, every link wired to NVSwitches or to peer GPUs,
 *   so every link should be up; 'bridge' = PCIe card whose links only come up through
 *   NVLink bridges to one peer card, so "all inactive" means no bridge is fitted (by
 *   design on a card without one), and `bridged` is how many links the full set of
 *   bridges carries; 'none' = no NVLink at all.
 */
export interface NvlinkProduct {
  product: string;
  links: number;
  wiring: 'switch' | 'bridge' | 'none';
  /** For 'bridge': links up with every bridge fitted; the rest are inactive by design. */
  bridged?: number;
  /** Links one bridge carries ('bridge' only), to say how many bridges are missing. */
  perBridge?: number;
}

/** First match wins: more specific names first. */
const TABLE: readonly (NvlinkProduct & { name: RegExp })[] = [
  { name: /\bGB300\b/, product: 'GB300', links: 18, wiring: 'switch' },
  { name: /\bGB200\b/, product: 'GB200', links: 18, wiring: 'switch' },
  { name: /\bB300\b/, product: 'B300', links: 18, wiring: 'switch' },
  { name: /\bB200\b/, product: 'B200', links: 18, wiring: 'switch' },
  { name: /\bH200 NVL\b/, product: 'H200 NVL', links: 18, wiring: 'bridge', bridged: 18 },
  { name: /\bH200\b/, product: 'H200 SXM', links: 18, wiring: 'switch' },
  { name: /\bH100 NVL\b/, product: 'H100 NVL', links: 18, wiring: 'bridge', bridged: 12, perBridge: 4 },
  { name: /\bH100 PCIe\b/, product: 'H100 PCIe', links: 18, wiring: 'bridge', bridged: 12, perBridge: 4 },
  { name: /\bH100\b.*\bHBM3\b|\bH100 SXM/, product: 'H100 SXM', links: 18, wiring: 'switch' },
  { name: /\bH800\b/, product: 'H800', links: 8, wiring: 'switch' },
  { name: /\bA100[- ]SXM|\bA100-SXM4/, product: 'A100 SXM4', links: 12, wiring: 'switch' },
  {
    name: /\bA100\b.*\bPCIe\b/i,
    product: 'A100 PCIe',
    links: 12,
    wiring: 'bridge',
    bridged: 12,
    perBridge: 4,
  },
  { name: /\bA800[- ]SXM/, product: 'A800 SXM4', links: 8, wiring: 'switch' },
  { name: /\bV100[- ]SXM2\b/, product: 'V100 SXM2', links: 6, wiring: 'switch' },
  { name: /\bV100S?[- ]PCIe\b/i, product: 'V100 PCIe', links: 0, wiring: 'none' },
  { name: /\bRTX A6000\b/, product: 'RTX A6000', links: 4, wiring: 'bridge', bridged: 4, perBridge: 4 },
  { name: /\bA40\b/, product: 'A40', links: 4, wiring: 'bridge', bridged: 4, perBridge: 4 },
  { name: /\bRTX 3090\b/, product: 'GeForce RTX 3090', links: 4, wiring: 'bridge', bridged: 4, perBridge: 4 },
  { name: /\bL40S\b/, product: 'L40S', links: 0, wiring: 'none' },
  { name: /\bL40\b/, product: 'L40', links: 0, wiring: 'none' },
  { name: /\bL4\b/, product: 'L4', links: 0, wiring: 'none' },
  { name: /\bRTX 4090\b/, product: 'GeForce RTX 4090', links: 0, wiring: 'none' },
  { name: /\bRTX 5090\b/, product: 'GeForce RTX 5090', links: 0, wiring: 'none' },
  { name: /\bRTX 6000 Ada\b/, product: 'RTX 6000 Ada', links: 0, wiring: 'none' },
];

/** The product a printed GPU name is, or undefined when the table does not know it (no count is guessed). */
export function nvlinkProduct(name: string): NvlinkProduct | undefined {
  const hit = TABLE.find((p) => p.name.test(name));
  if (!hit) return undefined;
  const { name: _re, ...product } = hit;
  return product;
}
