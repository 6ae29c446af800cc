import { getServers } from "node:dns";
import { isIP } from "node:net";
import DNS from "dns2";
import { normaliseName } from "./names";

/** A DNS record as the checks read it. */
export interface DnsRecord {
  name: string;
  type: string;
  ttl: number;
  /** A/AAAA address, CNAME/NS target, MX exchange, TXT text, `priority weight port target` for SRV, or `flags tag "value"` for CAA. */
  value: string;
  caa?: { flags: number; tag: string; value: string };
}

/** One answer: the response code and the answer and authority sections. */
interface DnsAnswer {
  rcode: number;
  answers: DnsRecord[];
  authorities: DnsRecord[];
}

/** Asks one record type of one name. */
export type DnsQuery = (name: string, type: QueryType) => Promise<DnsAnswer>;

/** The record types the checks ask for. */
type QueryType = "A" | "AAAA" | "CNAME" | "CAA" | "MX" | "TXT" | "NS" | "SRV" | "SOA";

/** Where DNS questions go. */
export interface DnsServerAddress {
  host: string;
  port: number;
}

const typeNames = new Map<number, string>(
  Object.entries(DNS.Packet.TYPE).map(([name, code]) => [code as number, name]),
);

function toRecord(resource: DNS.Packet.Resource): DnsRecord {
  const type = typeNames.get(resource.type) ?? `TYPE${resource.type}`;
  const base = { name: normaliseName(resource.name), type, ttl: resource.ttl };
  switch (type) {
    case "A":
    case "AAAA":
      return { ...base, value: resource.address ?? "" };
    case "CNAME":
    case "NS":
      return { ...base, value: normaliseName(resource.domain ?? resource.ns ?? "") };
    case "MX":
      return { ...base, value: normaliseName(resource.exchange ?? "") };
    case "TXT":
      return { ...base, value: [resource.data ?? ""].flat().join("") };
    case "SRV":
      return {
        ...base,
        value: `${resource.priority ?? 0} ${resource.weight ?? 0} ${resource.port ?? 0} ${normaliseName(resource.target ?? "")}`,
      };
    case "SOA":
      return { ...base, value: normaliseName(resource.primary ?? "") };
    case "CAA": {
      const caa = { flags: resource.flags ?? 0, tag: (resource.tag ?? "").toLowerCase(), value: resource.value ?? "" };
      return { ...base, value: `${caa.flags} ${caa.tag} "${caa.value}"`, caa };
    }
    default:
      return { ...base, value: "" };
  }
}

/** Parses `host:port` (or a bare host, port 53); IPv6 as `[::1]:5353`. */
export function parseDnsServer(text: string, name = "--dns"): DnsServerAddress {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  const host = match?.[1];
  const port = Number(match?.[2] ?? 53);
  if (!host || isIP(host) === 0 || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `[@petstore/docs] ${name} must be an IP address with an optional port, such as 127.0.0.1:5353, not "${text}"`,
    );
  }
  return { host, port };
}

/** The first of `servers`, by default this machine's resolvers (/etc/resolv.conf); port 53 unless it says otherwise. */
export function systemDnsServer(servers: readonly string[] = getServers()): DnsServerAddress {
  const first = servers[0];
  if (!first) throw new Error("[@petstore/docs] this machine has no DNS resolver configured; pass --dns <ip:port>");
  return parseDnsServer(first.includes(":") && !first.startsWith("[") && isIP(first) === 6 ? `[${first}]` : first);
}

/** A DNS client over UDP to one server, as used by every check. */
export function createDnsQuery(server: DnsServerAddress, timeoutMs = 3000): DnsQuery {
  const resolve = DNS.UDPClient({
    dns: server.host,
    port: server.port,
    timeout: timeoutMs,
    socketType: isIP(server.host) === 6 ? "udp6" : "udp4",
  });
  return async (name, type) => {
    let packet: DNS.Packet;
    try {
      packet = await resolve(normaliseName(name), type);
    } catch (error) {
      throw new Error(
        `[@petstore/docs] DNS server ${server.host}:${server.port} did not answer ${type} ${name}: ${(error as Error).message}`,
      );
    }
    return {
      rcode: packet.header.rcode,
      answers: packet.answers.map(toRecord),
      authorities: packet.authorities.map(toRecord),
    };
  };
}
