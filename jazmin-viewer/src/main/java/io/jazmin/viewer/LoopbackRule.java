package io.jazmin.viewer;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * What a loopback-only server checks: that a request comes from this machine (its remote address)
 * and is addressed to this machine by an address or {@code localhost} (its {@code Host} header), so
 * that a web page cannot reach the server through a DNS name rebound to a loopback address.
 */
public final class LoopbackRule {
    private LoopbackRule() {
    }

    /**
     * Whether {@code host}, a {@code Host} header ({@code name[:port]}) or a server name, names this machine:
     * {@code localhost} or a loopback address ({@code 127.0.0.1}, {@code [::1]}).
     */
    public static boolean loopbackHost(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String name;
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            if (end < 0) {
                return false;
            }
            name = host.substring(1, end);
        } else if (host.indexOf(':') != host.lastIndexOf(':')) {
            name = host; // a bare IPv6 address, as a servlet's server name may be
        } else {
            int colon = host.indexOf(':');
            name = colon < 0 ? host : host.substring(0, colon);
        }
        return name.equalsIgnoreCase("localhost") || loopbackAddress(name);
    }

    /**
     * Whether {@code address}, an IP address literal as a server reports a peer's, is a loopback
     * address ({@code 127.0.0.0/8}, {@code ::1}). Anything but a literal is {@code false}: no name
     * is ever looked up.
     */
    public static boolean loopbackAddress(String address) {
        if (address == null || address.isEmpty()) {
            return false;
        }
        if (address.indexOf(':') < 0) {
            return ipv4Loopback(address);
        }
        if (!address.chars().allMatch(LoopbackRule::ipv6Char)) {
            return false;
        }
        try {
            // A string with ':' is parsed as an IPv6 literal or refused, never looked up.
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Four decimal parts of 0 to 255, the first 127. */
    private static boolean ipv4Loopback(String address) {
        String[] parts = address.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return Integer.parseInt(parts[0]) == 127;
    }

    private static boolean ipv6Char(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '.' || c == ':';
    }
}
