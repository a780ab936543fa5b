package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/** With {@code jazmin.console.allow-remote=true} a client on another machine, under any name, is answered. */
@SpringBootTest(properties = {"sample.customers.count=50", "jazmin.console.allow-remote=true"})
class ConsoleRemoteAccessTests extends SampleMockMvc {

    @Test
    void aClientOnAnotherMachineIsAnswered() throws Exception {
        MockMvc mvc = mvc();
        assertThat(mvc.perform(MockMvcRequestBuilders.get("/jazmin-console/api/rows").with(REMOTE))
                .andReturn().getResponse().getContentAsString()).contains("\"rows\"");
        assertThat(mvc.perform(MockMvcRequestBuilders.get("http://console.example/jazmin-console/").with(REMOTE))
                .andReturn().getResponse().getStatus()).isEqualTo(200);
    }
}
