// An etcd member of `npm run cluster`'s three: the arguments of the etcd binary (3.4 from Debian).
import { PORTS } from './topology.mjs';

/**
 * @param {{ name: string, address: string }} host this member
 * @param {Array<{ name: string, address: string }>} hosts every member, this one included
 * @param {string} dataDir
 * @returns {string[]}
 */
export function etcdArgs(host, hosts, dataDir) {
  const client = `http://${host.address}:${PORTS.etcdClient}`;
  const peer = `http://${host.address}:${PORTS.etcdPeer}`;
  return [
    `--name=${host.name}`,
    `--data-dir=${dataDir}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=${hosts.map((h) => `${h.name}=http://${h.address}:${PORTS.etcdPeer}`).join(',')}`,
    // A fresh data directory each run (cluster.mjs starts from scratch): always a new cluster.
    '--initial-cluster-state=new',
    '--initial-cluster-token=limo-cluster',
    // Its default log is a line per heartbeat problem and more; warnings are enough here.
    '--log-level=warn',
    '--logger=zap',
  ];
}
