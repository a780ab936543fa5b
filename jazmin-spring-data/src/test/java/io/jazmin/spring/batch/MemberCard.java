package io.jazmin.spring.batch;

import io.jazmin.mapping.annotation.JazminId;
import java.util.Locale;

/** What the job writes for each member, in the file {@code membercards}. */
public record MemberCard(@JazminId long id, String label, String tier) {

    /** The card the job's processor makes of {@code member}. */
    static MemberCard of(Member member) {
        String tier = member.points() >= 900 ? "gold" : member.points() >= 500 ? "silver" : "bronze";
        return new MemberCard(member.id(), member.name().toUpperCase(Locale.ROOT), tier);
    }
}
