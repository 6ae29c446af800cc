import type { AddressInfo } from "node:net";
import DNS from "dns2";

/** A record served by the test DNS server. */
export interface ZoneRecord {
  name: string;
  type: "A" | "AAAA" | "CNAME" | "CAA" | "MX" | "TXT" | "NS" | "SRV";
  value: string;
  ttl?: number;
  /** CAA only. */
  flags?: number;
  tag?: string;
}

/** A local authoritative DNS server on 127.0.0.1 (UDP) whose records a test can replace. */
export interface TestDnsServer {
  address: string;
  port: number;
  /** Replaces every record; `apexes` are the zones (names with an SOA). */
  set(apexes: string[], records: ZoneRecord[]): void;
  close(): Promise<void>;
}

const { Packet } = DNS;

function resource(record: ZoneRecord) {
  const base = { name: record.name, type: Packet.TYPE[record.type], class: Packet.CLASS.IN, ttl: record.ttl ?? 3600 };
  switch (record.type) {
    case "A":
    case "AAAA":
      return { ...base, address: record.value };
    case "CNAME":
      return { ...base, domain: record.value };
    case "NS":
      return { ...base, ns: record.value };
    case "MX":
      return { ...base, exchange: record.value, priority: 10 };
    case "TXT":
      return { ...base, data: record.value };
    case "CAA":
      return { ...base, flags: record.flags ?? 0, tag: record.tag ?? "issue", value: record.value };
    case "SRV": {
      const [priority, weight, port, target] = record.value.split(" ");
      return { ...base, priority: Number(priority), weight: Number(weight), port: Number(port), target };
    }
  }
}

/**
 * Starts the server on `port` (0, the default, picks a free one). It follows CNAMEs inside its own data and answers
 * SOA for its apexes, like an authoritative server.
 */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  let apexes: string[] = [];
  let records: ZoneRecord[] = [];
  const lower = (s: string) => s.toLowerCase().replace(/\.$/, "");
  const soaFor = (zone: string) => ({
    name: zone,
    type: Packet.TYPE.SOA,
    class: Packet.CLASS.IN,
    ttl: 3600,
    primary: `ns1.${zone}`,
    admin: `hostmaster.${zone}`,
    serial: 1,
    refresh: 3600,
    retry: 600,
    expiration: 604800,
    minimum: 300,
  });
  const server = DNS.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const question = request.questions[0]!;
    let name = lower(question.name);
    // Like an authoritative server that is nobody's resolver: names outside its zones are refused.
    if (!apexes.some((zone) => name === zone || name.endsWith(`.${zone}`))) {
      response.header.rcode = 5;
      void send(response);
      return;
    }
    for (let hop = 0; hop < 8; hop++) {
      const type = Object.entries(Packet.TYPE).find(([, code]) => code === question.type)?.[0];
      if (type === "SOA" && apexes.includes(name)) response.answers.push(soaFor(name) as never);
      const exact = records.filter((r) => lower(r.name) === name && r.type === type);
      for (const r of exact) response.answers.push(resource(r) as never);
      const cname = records.find((r) => lower(r.name) === name && r.type === "CNAME");
      if (exact.length > 0 || !cname || type === "CNAME") break;
      response.answers.push(resource(cname) as never);
      name = lower(cname.value);
    }
    if (response.answers.length === 0) {
      const zone = apexes.filter((z) => name === z || name.endsWith(`.${z}`)).sort((a, b) => b.length - a.length)[0];
      if (zone) response.authorities.push(soaFor(zone) as never);
    }
    void send(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.bind(port, "127.0.0.1", resolve);
  });
  const bound = server.address() as AddressInfo;
  return {
    address: bound.address,
    port: bound.port,
    set(nextApexes, nextRecords) {
      apexes = nextApexes.map(lower);
      records = nextRecords;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
